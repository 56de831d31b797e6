import {
  PasswordInput,
  TextInput,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';

/** A required email field; by default the signed-in person's own, which the browser may fill. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      placeholder="you@company.com"
      autoComplete="email"
      withAsterisk
      {...props}
    />
  );
}

export interface PasswordFieldProps extends PasswordInputProps {
  /** 'new' lets the browser suggest a password; 'current' lets it fill the saved one. */
  purpose: 'new' | 'current';
}

/** A required password field, for choosing a password or for signing in with one. */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  return (
    <PasswordInput
      label="Password"
      placeholder={purpose === 'new' ? 'At least 6 characters' : 'Your password'}
      autoComplete={`${purpose}-password`}
      withAsterisk
      {...props}
    />
  );
}
