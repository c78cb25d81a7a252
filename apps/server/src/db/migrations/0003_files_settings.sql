-- App settings the files module reads (part 1 section 3 app settings; retention per the files issue).
INSERT INTO "app_settings" ("key", "value") VALUES
  ('recycleRetentionDays', '30'::jsonb),
  ('allowedFileTypes', '"*"'::jsonb)
ON CONFLICT ("key") DO NOTHING;
