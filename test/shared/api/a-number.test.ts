import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  canonicalANumber,
  detentionInfoSchema,
  detentionMessages,
  EMPTY_DETENTION_INFO,
} from '#shared/api/detention-info.ts';

// ICE's Online Detainee Locator takes an A-number as 9 digits and nothing else (an 8-digit
// one with a 0 in front): the person may type it any way their documents show it.

describe('an A-number as people write it', () => {
  it.each([
    ['A-123-456-789', '123456789'],
    ['123456789', '123456789'],
    ['A123456789', '123456789'],
    ['A 123 456 789', '123456789'],
    ['a123456789', '123456789'],
    ['A#123456789', '123456789'],
    ['123-456-789', '123456789'],
    ['A.123.456.789', '123456789'],
    ['12345678', '012345678'],
    ['A-12-345-678', '012345678'],
    ['  A12345678  ', '012345678'],
  ])('stores %s as %s', (typed, stored) => {
    expect(canonicalANumber(typed)).toBe(stored);
    expect(v.parse(detentionInfoSchema, { ...EMPTY_DETENTION_INFO, a_number: typed }).a_number).toBe(stored);
  });

  it.each(['1234567', '1234567890', 'B123456789', 'AA123456789', 'A-12a-456-789', 'A123456789X', 'número'])(
    'refuses %s with a Spanish message',
    (typed) => {
      expect(canonicalANumber(typed)).toBeUndefined();
      const result = v.safeParse(detentionInfoSchema, { ...EMPTY_DETENTION_INFO, a_number: typed });
      expect(result.success).toBe(false);
      expect(result.issues?.map((issue) => issue.message)).toEqual([detentionMessages.aNumberInvalid]);
    },
  );

  it('leaves an empty A-number empty', () => {
    expect(v.parse(detentionInfoSchema, { ...EMPTY_DETENTION_INFO, a_number: '   ' }).a_number).toBe('');
  });
});
