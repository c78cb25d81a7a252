import { MERCH_PRICING } from '@stratos/contracts/merch/merch-constants';
import type { MerchProduct } from '@stratos/contracts/merch/products.schema';

/** A cart line (part 2 section 3): id is productId-color-size. Price in dollars, for the preview. */
export interface CartItem {
  id: string;
  productId: string;
  name: string;
  price: number;
  color: string;
  size: string;
  quantity: number;
  image: string;
}

export const MAX_QUANTITY = 99;

export const cartItemId = (productId: string, color: string, size: string) => `${productId}-${color}-${size}`;

/** Adding the same product, colour and size increases the quantity (part 2 section 4). */
export function addToCart(
  cart: readonly CartItem[],
  product: Pick<MerchProduct, 'id' | 'name' | 'price' | 'image' | 'images'>,
  color: string,
  size: string,
  quantity = 1,
): CartItem[] {
  const id = cartItemId(product.id, color, size);
  const line = cart.find((i) => i.id === id);
  if (line) return setQuantity(cart, id, line.quantity + quantity);
  return [
    ...cart,
    {
      id,
      productId: product.id,
      name: product.name,
      price: product.price,
      color,
      size,
      quantity: Math.min(quantity, MAX_QUANTITY),
      image: product.images[color] ?? product.image,
    },
  ];
}

/** Setting a quantity to 0 or less removes the item. */
export function setQuantity(cart: readonly CartItem[], id: string, quantity: number): CartItem[] {
  if (quantity <= 0) return cart.filter((i) => i.id !== id);
  return cart.map((i) => (i.id === id ? { ...i, quantity: Math.min(quantity, MAX_QUANTITY) } : i));
}

export const removeFromCart = (cart: readonly CartItem[], id: string) => cart.filter((i) => i.id !== id);

export const itemCount = (cart: readonly CartItem[]) => cart.reduce((n, i) => n + i.quantity, 0);

/**
 * The client's preview of the order, in cents (the server prices the real one): shipping 5.99 flat,
 * tax 8% of the goods.
 */
export function previewTotals(cart: readonly CartItem[]) {
  const subtotal = cart.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0);
  const shipping = cart.length > 0 ? MERCH_PRICING.shippingCents : 0;
  const tax = Math.round(subtotal * MERCH_PRICING.taxRate);
  return { subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** Refreshes names, prices and pictures from the catalogue; drops lines whose product is gone. */
export function refreshCart(cart: readonly CartItem[], products: readonly MerchProduct[]): CartItem[] {
  const byId = new Map(products.map((p) => [p.id, p]));
  return cart.flatMap((i) => {
    const p = byId.get(i.productId);
    if (!p?.colors.includes(i.color) || !p.sizes.includes(i.size)) return [];
    return [{ ...i, name: p.name, price: p.price, image: p.images[i.color] ?? p.image }];
  });
}

const KEY = 'stratos.merch.cart';

function isItem(v: unknown): v is CartItem {
  if (typeof v !== 'object' || v === null) return false;
  const i = v as Record<string, unknown>;
  return (
    typeof i.id === 'string' &&
    typeof i.productId === 'string' &&
    typeof i.name === 'string' &&
    typeof i.price === 'number' &&
    typeof i.color === 'string' &&
    typeof i.size === 'string' &&
    typeof i.image === 'string' &&
    Number.isInteger(i.quantity) &&
    (i.quantity as number) > 0
  );
}

/** The cart kept in localStorage, so it survives a reload and a trip to the sign-in page. */
export function loadCart(storage: Pick<Storage, 'getItem'> = localStorage): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem) : [];
  } catch {
    return [];
  }
}

export function saveCart(
  cart: readonly CartItem[],
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
) {
  try {
    if (cart.length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(cart));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this visit.
  }
}
