import type { FormErrors } from '@mantine/form';

/** The part of a zod schema the adapter needs (zod 4's `safeParse` result). */
export interface SafeParseSchema<Output> {
  safeParse: (value: unknown) =>
    | { success: true; data: Output }
    | {
        success: false;
        error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> };
      };
}

/** Turns zod issues into Mantine form errors: the first message per field path. */
export function issuesToFormErrors(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (!(path in errors)) errors[path] = issue.message;
  }
  return errors;
}

/**
 * A Mantine `validate` function from a contract zod schema (stands in for
 * mantine-form-zod-resolver). `prepare` maps raw form values to the schema's input first,
 * e.g. to coerce a NumberInput's string value.
 */
export function schemaResolver<Values, Output>(
  schema: SafeParseSchema<Output>,
  prepare: (values: Values) => unknown = (values) => values,
): (values: Values) => FormErrors {
  return (values) => {
    const result = schema.safeParse(prepare(values));
    return result.success ? {} : issuesToFormErrors(result.error.issues);
  };
}

/** Parses form values with the same schema to get the cleaned request body (trimmed etc.). */
export function parseWithSchema<Values, Output>(
  schema: SafeParseSchema<Output>,
  values: Values,
  prepare: (values: Values) => unknown = (v) => v,
): Output | null {
  const result = schema.safeParse(prepare(values));
  return result.success ? result.data : null;
}
