-- The eight products of part 2 section 3 (prices from the spec, in cents). Colour and size lists,
-- sku and opening stock are ours; the superadmin edits them afterwards. Pictures are the drawn SVGs
-- in apps/web/public/merch/<id>-<colour>.svg.
INSERT INTO "merch_products" ("id", "name", "description", "price_cents", "category", "colors", "sizes", "featured", "stock", "sku", "sort_order") VALUES
  ('logo-t-shirt', 'Logo T-Shirt', 'Soft ring-spun cotton tee with the Stratos cloud logo on the chest.', 2499, 'apparel', '["Black","White","Navy"]'::jsonb, '["S","M","L","XL"]'::jsonb, true, 120, 'STR-TEE-001', 0),
  ('hoodie', 'Hoodie', 'Heavyweight fleece hoodie with a kangaroo pocket and an embroidered logo.', 4999, 'apparel', '["Black","Grey"]'::jsonb, '["S","M","L","XL"]'::jsonb, true, 60, 'STR-HOOD-001', 1),
  ('mug', 'Mug', 'A 12 oz ceramic mug for the coffee that keeps your uploads company.', 1699, 'accessories', '["White","Black"]'::jsonb, '["One Size"]'::jsonb, false, 150, 'STR-MUG-001', 2),
  ('sticker-pack', 'Sticker Pack', 'Six weatherproof vinyl stickers for laptops, bottles and notebooks.', 999, 'accessories', '["Multicolor"]'::jsonb, '["One Size"]'::jsonb, false, 300, 'STR-STK-001', 3),
  ('cap', 'Cap', 'Six-panel cotton cap with an adjustable strap and a stitched logo.', 2299, 'apparel', '["Black","Navy"]'::jsonb, '["One Size"]'::jsonb, false, 80, 'STR-CAP-001', 4),
  ('laptop-sleeve', 'Laptop Sleeve', 'Padded neoprene sleeve with a soft lining and a zip that does not scratch.', 3499, 'tech', '["Black","Grey"]'::jsonb, '["13 inch","15 inch"]'::jsonb, true, 40, 'STR-SLV-001', 5),
  ('gaming-mousepad', 'Gaming Mousepad', 'Smooth micro-weave surface on a non-slip rubber base with stitched edges.', 1999, 'tech', '["Black","Blue"]'::jsonb, '["M","L","XL"]'::jsonb, false, 70, 'STR-PAD-001', 6),
  ('water-bottle', 'Water Bottle', 'Double-wall insulated steel bottle: cold for 24 hours, hot for 12.', 2799, 'accessories', '["Silver","Black","Blue"]'::jsonb, '["One Size"]'::jsonb, true, 90, 'STR-BTL-001', 7)
ON CONFLICT ("id") DO NOTHING;
