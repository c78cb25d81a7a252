import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { useCallback, useEffect, useState } from 'react';
import {
  addToCart,
  type CartItem,
  loadCart,
  refreshCart,
  removeFromCart,
  saveCart,
  setQuantity,
} from './cart';

const KEY = 'stratos.merch.cart';

/** The cart, kept in localStorage (it survives a reload and a trip to sign in) and across tabs. */
export function useCart(products: readonly MerchProduct[] | undefined) {
  const [cart, setCart] = useState<CartItem[]>(() => loadCart());

  const update = useCallback((next: (c: CartItem[]) => CartItem[]) => {
    setCart((c) => {
      const n = next(c);
      saveCart(n);
      return n;
    });
  }, []);

  // Names and prices follow the catalogue, so the preview matches what the server will charge.
  useEffect(() => {
    if (products) update((c) => refreshCart(c, products));
  }, [products, update]);

  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === KEY || e.key === null) setCart(loadCart());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  return {
    items: cart,
    add: (p: MerchProduct, color: string, size: string, quantity = 1) =>
      update((c) => addToCart(c, p, color, size, quantity)),
    setQuantity: (id: string, quantity: number) => update((c) => setQuantity(c, id, quantity)),
    remove: (id: string) => update((c) => removeFromCart(c, id)),
    clear: () => update(() => []),
  };
}
export type Cart = ReturnType<typeof useCart>;
