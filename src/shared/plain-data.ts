// Checks for the few shapes the first screens read (the session a refresh returns,
// the contact list, what the page keeps in storage), written by hand so that
// valibot stays out of home's first download (DESIGN.md section 6): the forms,
// which need it, fetch it with their own code. Each reader mirrors a valibot
// schema of src/shared and keeps its rules: a copy with exactly the schema's
// fields, or nothing (test/client/lib/plain-data.test.ts compares the two).

export type Check<T> = (value: unknown) => value is T;

/** One check per field of T, none missing, none extra. */
export type Shape<T> = { [K in keyof T]-?: Check<T[K]> };

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
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

/** A copy of `value` with the fields of `shape` (arrays copied too, unknown fields dropped), or undefined when one fails. */
export function readObject<T>(shape: Shape<T>, value: unknown): T | undefined {
  if (!isRecord(value)) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    const field = value[key];
    if (!shape[key](field)) return undefined;
    copy[key] = Array.isArray(field) ? [...field] : field;
  }
  return copy as T;
}

/** The `message` of a successful reply (`{ success: true, message }`), else undefined. */
export function successMessage(data: unknown): unknown {
  return isRecord(data) && data.success === true ? data.message : undefined;
}
