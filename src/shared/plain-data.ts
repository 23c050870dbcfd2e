// The one way code that must not carry valibot reads data it did not make: the modules of home's
// first download (src/client/home-first-download.ts; valibot there would take most of what is left
// of home's budget, docs/decisions/031) and the stored session state the worker reads too
// (src/shared/browser). Each reader mirrors a valibot schema of src/shared and keeps its rules,
// typed with `Shape<T>` against the schema's type: a copy with exactly the schema's fields, or
// nothing (test/client/plain-readers/plain-data.test.ts compares each reader with its schema;
// test/shared/plain-data-users.test.ts keeps the readers to those modules). Everywhere else, the
// shared valibot schemas. Its reply helpers (`successMessage`, `messageText`) read an envelope's
// text anywhere.

export type Check<T> = (value: unknown) => value is T;

/** One check per field of T, none missing, none extra. */
export type Shape<T> = { [K in keyof T]-?: Check<T[K]> };

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

export const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value): value is T | null =>
    value === null || check(value);

export const arrayOf =
  <T>(check: Check<T>): Check<T[]> =>
  (value): value is T[] =>
    Array.isArray(value) && value.every(check);

export const oneOf =
  <const T extends readonly unknown[]>(options: T): Check<T[number]> =>
  (value): value is T[number] =>
    options.includes(value);

const copyOf = (field: unknown) => (Array.isArray(field) ? [...field] : field);

/** A copy of `value` with the fields of `shape` (arrays copied too, unknown fields dropped), or undefined when one fails. */
export function readObject<T>(shape: Shape<T>, value: unknown): T | undefined {
  if (!isRecord(value)) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    const field = value[key];
    if (!shape[key](field)) return undefined;
    copy[key] = copyOf(field);
  }
  return copy as T;
}

/** Like readObject, but a field that fails its check (or a `value` that is no object) takes its default: a schema of fallbacks. */
export function readFields<T>(shape: Shape<T>, defaults: T, value: unknown): T {
  const stored = isRecord(value) && !Array.isArray(value) ? value : {};
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    const field = stored[key];
    copy[key] = shape[key](field) ? copyOf(field) : defaults[key];
  }
  return copy as T;
}

/** The `message` of a successful reply (`{ success: true, message }`), else undefined. */
export function successMessage(data: unknown): unknown {
  return isRecord(data) && data.success === true ? data.message : undefined;
}

/** The reply's `message` when it is text (invite, delete, a refused SOS), else the fallback. */
export function messageText(data: unknown, fallback: string): string {
  const message = isRecord(data) ? data.message : undefined;
  return isString(message) && message !== '' ? message : fallback;
}
