import { useState } from 'react';
import { useSingleFlight } from '@wenrun/shared/ui';
import { api, isApiError, maskMobile, MESSAGES } from '@wenrun/shared';
import type { MessageDraft } from './MessageDraft';
import { messagePayload } from './rules';

export type SendingStatus =
  | { kind: 'editing'; failure: string | null }
  | { kind: 'sending' }
  | { kind: 'sent'; maskedPhone: string };

/**
 * Where the form is in sending the draft (websiteMessage1.0): being edited (after a failure, with why), on its way,
 * or sent (to the masked number). The draft is emptied only once sent, so a failure keeps what was typed.
 */
export function useMessageSending(draft: MessageDraft) {
  const [status, setStatus] = useState<SendingStatus>({ kind: 'editing', failure: null });
  const [, runSend] = useSingleFlight();

  /** Sends the draft when `checked` says it can be; `onSent` once the server took it. */
  const send = (checked: () => boolean, onSent: () => void) =>
    // A second submission while one is on its way (Enter pressed twice) is dropped, not sent twice.
    runSend(async () => {
      const values = draft.values;
      if (!checked()) return;
      setStatus({ kind: 'sending' });
      try {
        const payload = messagePayload(values);
        await api.sendMessage(payload);
        draft.clear();
        onSent();
        setStatus({ kind: 'sent', maskedPhone: maskMobile(payload.phone) });
      } catch (error) {
        setStatus({ kind: 'editing', failure: isApiError(error) ? error.message : MESSAGES.network });
      }
    });

  return { status, sending: status.kind === 'sending', send, writeAnother: () => setStatus({ kind: 'editing', failure: null }) };
}
