import type { ReactNode, RefObject } from 'react';
import { Input } from 'semantic-ui-react';
import { FormField } from '@wenrun/shared/ui';
import type { LoginMethod } from './draft';

interface SecretFieldProps {
  id: string;
  method: LoginMethod;
  inputRef: RefObject<Input>;
  value: string;
  error: string | undefined;
  /** Beside the field: the code method's send button. */
  addon: ReactNode;
  onChange: (value: string) => void;
}

function secretLabelOf(method: LoginMethod): string {
  return method === 'password' ? '密码' : '验证码';
}

/** What proves the mobile is the visitor's: a password, or the code sent to it. */
export function SecretField({ id, method, inputRef, value, error, addon, onChange }: SecretFieldProps) {
  const label = secretLabelOf(method);
  return (
    <FormField id={id} label={label} error={error} announce addon={addon}>
      {(control) => (
        <Input
          {...control}
          fluid
          ref={inputRef}
          type={method === 'password' ? 'password' : 'text'}
          inputMode={method === 'code' ? 'numeric' : undefined}
          autoComplete={method === 'password' ? 'current-password' : 'one-time-code'}
          placeholder={`请输入${label}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
