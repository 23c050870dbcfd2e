import * as v from 'valibot';

/** Field name to its messages, as in every 422 reply. */
export const fieldErrorsSchema = v.record(v.string(), v.array(v.string()));
export type FieldErrors = v.InferOutput<typeof fieldErrorsSchema>;

/** Every API reply: `{success, message}`, plus `errors` on 422. */
export const envelopeSchema = v.object({
  success: v.boolean(),
  message: v.unknown(),
  errors: v.optional(fieldErrorsSchema),
});
export type Envelope<T = unknown> = {
  success: boolean;
  message: T;
  errors?: FieldErrors;
};
