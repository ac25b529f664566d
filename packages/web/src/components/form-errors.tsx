import { Alert, List } from '@mantine/core';

/** The red alert under a config form listing its validation messages (spec section 5 texts). */
export function FormErrors({ errors }: { errors: readonly string[] }) {
  if (!errors.length) return null;
  return (
    <Alert color="red" role="alert" data-testid="form-errors">
      {errors.length === 1 ? (
        errors[0]
      ) : (
        <List size="sm">
          {errors.map((e) => (
            <List.Item key={e}>{e}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
