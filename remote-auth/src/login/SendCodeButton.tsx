import { observer } from '@wenrun/shared/stores';
import { Button } from 'semantic-ui-react';
import { useSingleFlight } from '@wenrun/shared/ui';
import { api, validateMobile } from '@wenrun/shared';
import { codeCountdown } from './CodeCountdown';
import { failureMessage } from './loginRequest';

interface SendCodeButtonProps {
  mobile: string;
  onInvalidMobile: (message: string) => void;
  onSent: () => void;
  onFailed: (message: string) => void;
}

/** docs/SPEC.md §4: asks for a code for a valid mobile only, then counts 60 s down; a double click asks once. */
export const SendCodeButton = observer(function SendCodeButton({
  mobile,
  onInvalidMobile,
  onSent,
  onFailed,
}: SendCodeButtonProps) {
  const [sending, runSend] = useSingleFlight();

  function send() {
    if (codeCountdown.running) return;
    const invalid = validateMobile(mobile);
    if (invalid) return onInvalidMobile(invalid);
    return runSend(async () => {
      try {
        await api.sendCode({ mobile: mobile.trim() });
        codeCountdown.start();
        onSent();
      } catch (error) {
        onFailed(failureMessage(error));
      }
    });
  }

  return (
    <Button
      type="button"
      className="login-send-code"
      disabled={codeCountdown.running}
      loading={sending}
      aria-disabled={sending || undefined}
      onClick={send}
    >
      {codeCountdown.label}
    </Button>
  );
});
