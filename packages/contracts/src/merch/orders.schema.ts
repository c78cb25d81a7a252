import { z } from 'zod';
import { emailSchema } from '../auth/email';
import { dataEnvelope, limitQuerySchema } from '../common/envelope.schema';
import { singleLineText } from '../common/text.schema';
import { productIdSchema } from './products.schema';
import { shippingAddressSchema, shippingAddressViewSchema } from './shipping.schema';

/**
 * Checkout and orders. The client sends what it wants (product, colour, size, quantity); any price
 * it also sends is ignored: the server prices the order from the catalogue (DECISIONS.md 7).
 */
export const checkoutItemSchema = z.strictObject({
  productId: productIdSchema,
  color: singleLineText().min(1).max(30),
  size: singleLineText().min(1).max(30),
  quantity: z.number().int().min(1).max(99),
  /** The rest of the spec's cart item (id, name, price, image) may come along; none of it is used. */
  id: singleLineText().max(200).optional(),
  name: singleLineText().max(200).optional(),
  price: z.number().optional(),
  image: singleLineText().max(500).optional(),
});
export type CheckoutItem = z.infer<typeof checkoutItemSchema>;

/** Totals are not accepted at all: a body that sends its own is refused (400). */
export const checkoutBodySchema = z.strictObject({
  items: z.array(checkoutItemSchema).min(1).max(50),
  shippingAddress: shippingAddressSchema,
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;
export type CheckoutBodyInput = z.input<typeof checkoutBodySchema>;

/** A signed-out buyer's checkout: the same, plus the e-mail the order and its receipt go to. */
export const guestCheckoutBodySchema = checkoutBodySchema.extend({ email: emailSchema });
export type GuestCheckoutBody = z.infer<typeof guestCheckoutBodySchema>;
export type GuestCheckoutBodyInput = z.input<typeof guestCheckoutBodySchema>;

/**
 * A guest order is read and confirmed with the signed token of its order link, never by its number
 * alone. Missing is told apart from wrong (401 against 404) by the server, so it is optional here.
 */
export const guestOrderParamsSchema = z.object({ orderNumber: singleLineText().min(1).max(40) });
export const guestOrderQuerySchema = z.object({ token: singleLineText().max(200).optional() });
export const guestConfirmBodySchema = z.strictObject({ token: singleLineText().max(200).optional() });

export const orderStatusSchema = z.enum(['pending', 'paid', 'cancelled']);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

export const orderItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  sku: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** Cents, the catalogue price when the order was made. */
  unitPrice: z.number().int(),
  lineTotal: z.number().int(),
  image: z.string(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** An order; money in cents. */
export const merchOrderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  status: orderStatusSchema,
  email: z.string(),
  items: z.array(orderItemSchema),
  subtotal: z.number().int(),
  shipping: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  estimatedDelivery: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Null only on orders placed before addresses were taken. */
  shippingAddress: shippingAddressViewSchema.nullable(),
  /** Placed without an account (and not yet attached to one). */
  guest: z.boolean(),
});
export type MerchOrder = z.infer<typeof merchOrderSchema>;

/** Checkout's reply: the order awaiting payment and the payment intent to pay it with. */
export const checkoutReplySchema = dataEnvelope(
  z.object({
    order: merchOrderSchema,
    payment: z.object({
      id: z.string(),
      clientSecret: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      provider: z.enum(['sandbox', 'stripe']),
    }),
    /** Guest checkouts: the signed token of the order link (reading and confirming need it). */
    orderToken: z.string().nullable(),
  }),
);
export type CheckoutReply = z.infer<typeof checkoutReplySchema>;

/** The spec's order result (part 2 section 3), money in dollars as its client shows it. */
export const orderResultSchema = z.object({
  success: z.boolean(),
  orderId: z.string(),
  orderNumber: z.string(),
  subtotal: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  estimatedDelivery: z.iso.datetime(),
  error: z.string().nullable(),
  order: merchOrderSchema,
  /** Guest orders: the order link's path with its token (also mailed to the buyer). */
  orderLink: z.string().nullable().optional(),
});
export type OrderResult = z.infer<typeof orderResultSchema>;

export const orderParamsSchema = z.object({ id: z.uuid() });
export const merchOrderReplySchema = dataEnvelope(merchOrderSchema);
export const merchOrdersReplySchema = dataEnvelope(z.array(merchOrderSchema));
export const merchOrdersQuerySchema = limitQuerySchema(50, 200);

/** The admins' list: every buyer's orders, newest first, with who bought. */
export const adminOrdersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  status: orderStatusSchema.optional(),
});
export const adminOrdersReplySchema = dataEnvelope(
  z.array(merchOrderSchema.extend({ userId: z.uuid().nullable(), buyerName: z.string() })),
);
export type AdminMerchOrder = z.infer<typeof adminOrdersReplySchema>['data'][number];
