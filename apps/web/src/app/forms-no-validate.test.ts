import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return file.endsWith('.tsx') && !file.endsWith('.test.tsx') ? [file] : [];
  });
}

/**
 * The opening tags of antd forms (`<Form` or `<Form<Values>`, not `<Form.Item`): a one-line tag,
 * or, as the formatter writes longer ones, the lines up to the `>` at the tag's own indentation.
 */
function formOpenings(text: string): string[] {
  const lines = text.split('\n');
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    const m = /^(\s*)<Form(?![.\w])/.exec(line);
    if (!m) continue;
    if (/>\s*$/.test(line) && !/^\s*<Form<[^>]*>\s*$/.test(line)) {
      out.push(line);
      continue;
    }
    const end = lines.findIndex((l, j) => j > i && l === `${m[1]}>`);
    out.push(lines.slice(i, end < 0 ? i + 1 : end + 1).join('\n'));
  }
  return out;
}

/**
 * Forms check their fields with our own rules, so the specification's messages show ('Please
 * enter a valid email', part 1 section 5). A form whose inputs the browser would also check
 * (type=email, required, pattern, min/max length on a native input) must switch the browser's
 * check off, or its tooltip shows first and our message never does.
 */
describe('forms use our validation, not the browser’s', () => {
  const files = sourceFiles(src).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('finds the forms it checks', () => {
    expect(files.filter((f) => f.text.includes('type="email"')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(
    files
      .filter((f) => f.text.includes('type="email"') && formOpenings(f.text).length > 0)
      .map((f) => [path.relative(src, f.file), f.text] as const),
  )('%s turns the browser check off (noValidate)', (_file, text) => {
    for (const form of formOpenings(text)) expect(form).toMatch(/\bnoValidate\b/);
  });
  // (register-details-fields.tsx holds the email input of register-wizard.tsx's form, which the
  // wizard's own test renders and checks.)
});
