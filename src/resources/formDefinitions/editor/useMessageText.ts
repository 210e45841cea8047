import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import { isRuleMessage, type RuleMessage } from '../../../../contract/schemas/messages';

/** A schema's message ({key, values}), a catalogue key the server or the structure check named, or a plain text, as the reader should see it. */
export function useMessageText() {
  const translate = useTranslate();
  return useCallback(
    (message: RuleMessage | string) => (isRuleMessage(message) ? translate(message.key, message.values) : translate(message, { _: message })),
    [translate],
  );
}
