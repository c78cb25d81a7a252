import { describe, expect, it } from 'vitest';
import { addToCart, itemCount, loadCart, previewTotals, saveCart, setQuantity } from './cart';

const tee = {
  id: 'logo-t-shirt',
  name: 'Logo T-Shirt',
  price: 24.99,
  image: '/merch/logo-t-shirt-black.svg',
  images: { Black: '/merch/logo-t-shirt-black.svg', Navy: '/merch/logo-t-shirt-navy.svg' },
};

describe('cart', () => {
  it('adds up the same product, colour and size and keeps other sizes apart', () => {
    let cart = addToCart([], tee, 'Navy', 'L');
    cart = addToCart(cart, tee, 'Navy', 'L', 2);
    cart = addToCart(cart, tee, 'Navy', 'M');
    expect(cart.map((i) => [i.id, i.quantity, i.image])).toEqual([
      ['logo-t-shirt-Navy-L', 3, '/merch/logo-t-shirt-navy.svg'],
      ['logo-t-shirt-Navy-M', 1, '/merch/logo-t-shirt-navy.svg'],
    ]);
    expect(itemCount(cart)).toBe(4);
  });

  it('removes an item whose quantity is set to 0 or less', () => {
    const cart = addToCart([], tee, 'Black', 'M');
    expect(setQuantity(cart, 'logo-t-shirt-Black-M', 0)).toEqual([]);
    expect(setQuantity(cart, 'logo-t-shirt-Black-M', -1)).toEqual([]);
    expect(setQuantity(cart, 'logo-t-shirt-Black-M', 5)[0]?.quantity).toBe(5);
  });

  it('previews 5.99 shipping and 8% tax in cents', () => {
    const cart = addToCart(
      addToCart([], tee, 'Black', 'M', 2),
      { ...tee, id: 'hoodie', price: 49.99 },
      'Black',
      'M',
    );
    expect(previewTotals(cart)).toEqual({ subtotal: 9997, shipping: 599, tax: 800, total: 11396 });
    expect(previewTotals([])).toEqual({ subtotal: 0, shipping: 0, tax: 0, total: 0 });
  });

  it('survives a reload through storage and ignores what is not a cart', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    };
    const cart = addToCart([], tee, 'Black', 'M');
    saveCart(cart, storage);
    expect(loadCart(storage)).toEqual(cart);
    store.set('stratos.merch.cart', '{"not":"a list"}');
    expect(loadCart(storage)).toEqual([]);
    store.set('stratos.merch.cart', '[{"id":1}]');
    expect(loadCart(storage)).toEqual([]);
  });
});
