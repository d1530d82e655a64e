import type { RefObject } from 'react';
import { Input } from 'semantic-ui-react';
import { FormField } from '@wenrun/shared/ui';

interface MobileFieldProps {
  id: string;
  inputRef: RefObject<Input>;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The mobile number both login methods ask for. */
export function MobileField({ id, inputRef, value, error, onChange }: MobileFieldProps) {
  return (
    <FormField id={id} label="手机号" error={error} announce>
      {(control) => (
        <Input
          {...control}
          fluid
          ref={inputRef}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="请输入手机号"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
