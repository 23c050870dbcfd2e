// Every Spanish text that both sides show or send. SPEC.md sections 5 and 8 are
// kept verbatim; texts SPEC.md gives only in English are ours.
//
// One constant per text, gathered here as namespaces: `apiMessages.signedIn` reads
// as before, and a bundle keeps only the texts it uses. The page imports the two
// modules themselves (`import * as apiMessages from '#shared/api-messages.ts'`), so
// home's first download holds a handful of the API's texts and none of the fields'
// (DESIGN.md section 6).

export * as fieldMessages from './field-messages.ts';
export * as apiMessages from './api-messages.ts';
