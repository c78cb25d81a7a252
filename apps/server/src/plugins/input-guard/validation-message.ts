import { GENERIC_ISSUE_PARAM } from '@stratos/contracts/common/text.schema';
import { z } from 'zod';
import { fieldLabel, type InputLocation } from './field-label';

/** One failed check as fastify-type-provider-zod hands it over (a zod issue, reshaped). */
interface ValidationEntry {
  keyword: string;
  instancePath: string;
  message?: string;
  /** The rest of the zod issue; a custom issue's own parameters are its `params.params`. */
  params?: Record<string, unknown>;
}

export interface ValidationIssue {
  in: InputLocation;
  path: string;
  message: string;
}

const pathOf = (instancePath: string) =>
  (instancePath ? instancePath.replace(/^\//, '').split('/') : []).filter(Boolean);

/** zod's own wording for this issue: a message equal to it was not written by a schema. */
function isDefaultMessage(entry: ValidationEntry): boolean {
  const message = entry.message ?? '';
  // Its wording ends with what was received, which the issue does not carry.
  if (entry.keyword === 'invalid_type') {
    return message.startsWith(`Invalid input: expected ${String(entry.params?.expected)}`);
  }
  const localeError = z.config().localeError;
  if (!localeError) return false;
  const issue = { code: entry.keyword, ...entry.params, path: [] } as never;
  const text = localeError(issue);
  return (typeof text === 'string' ? text : text?.message) === message;
}

function describe(entry: ValidationEntry, location: InputLocation): string {
  const path = pathOf(entry.instancePath);
  if (entry.keyword === 'unrecognized_keys') {
    const keys = (entry.params?.keys as string[] | undefined) ?? [];
    const names = keys.map((k) => `"${fieldLabel(location, [...path, k])}"`).join(', ');
    return keys.length === 1 ? `Unknown field ${names}` : `Unknown fields ${names}`;
  }
  const message = entry.message ?? 'Invalid value';
  // Messages a schema wrote for people (the specification's wording) go out as they are; zod's
  // generic ones and the text rules get the field they are about.
  const custom = entry.params?.params as Record<string, unknown> | undefined;
  if (custom?.[GENERIC_ISSUE_PARAM] || isDefaultMessage(entry)) {
    return `${fieldLabel(location, path)}: ${message}`;
  }
  return message;
}

/**
 * The message and details of a 400 for failed validation. Unknown fields come first (a typo in a
 * field name otherwise hides behind "required" of the field meant); every issue is in details.
 */
export function validationReply(
  entries: ValidationEntry[],
  location: InputLocation,
): { message: string; details: ValidationIssue[] } {
  const ordered = [...entries].sort(
    (a, b) => Number(b.keyword === 'unrecognized_keys') - Number(a.keyword === 'unrecognized_keys'),
  );
  const details = ordered.map((e) => ({
    in: location,
    path: pathOf(e.instancePath).join('.'),
    message: describe(e, location),
  }));
  return { message: details[0]?.message ?? 'Invalid request', details };
}

/**
 * The same reply for a schema a service checks itself (a record whose schema depends on the
 * request): zod's issues under `prefix` (['record'], ['records', 3]) of the body.
 */
export function zodIssuesReply(
  issues: ReadonlyArray<{ code: string; path: PropertyKey[]; message: string }>,
  prefix: Array<string | number>,
): { message: string; details: ValidationIssue[] } {
  const entries = issues.map(({ code, path, message, ...rest }) => ({
    keyword: code,
    instancePath: `/${[...prefix, ...path.map(String)].join('/')}`,
    message,
    params: rest as Record<string, unknown>,
  }));
  return validationReply(entries, 'body');
}
