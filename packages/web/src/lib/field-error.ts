import type { ZodType } from 'zod';

/** The first message a shared field schema gives for `value`, or undefined when it passes. */
export function fieldError(schema: ZodType, value: string): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
