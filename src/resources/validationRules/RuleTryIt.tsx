import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { compileRulePattern, textRuleError } from '../../../contract/answers/textRule';
import type { TextRule } from '../../../contract/forms';
import { isRuleMessage, type RuleMessage } from '../../../contract/schemas/messages';

const lengthOrNull = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null);

/** The rule as the form holds it now, read the way a partner form's copy of it will be. */
export function ruleOfValues(values: Partial<Record<keyof TextRule, unknown>>): TextRule {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    name: text(values.name),
    suggestText: text(values.suggestText),
    errorText: text(values.errorText),
    minLength: lengthOrNull(values.minLength),
    maxLength: lengthOrNull(values.maxLength),
    regex: text(values.regex) || null,
  };
}

/**
 * "Try it": a sample answer checked live with the same function the filler and the server use
 * (contract/answers/textRule.ts), with the rule's suggest text as its hint, as partners will see it.
 */
export function RuleTryIt() {
  const translate = useTranslate();
  const [sample, setSample] = useState('');
  const [name, suggestText, errorText, minLength, maxLength, regex] = useWatch({
    name: ['name', 'suggestText', 'errorText', 'minLength', 'maxLength', 'regex'],
  });
  const rule = ruleOfValues({ name, suggestText, errorText, minLength, maxLength, regex });
  const compiles = !rule.regex || compileRulePattern(rule.regex) !== null;
  // An empty answer is left to "required": the rule checks only what was typed, as in the filler.
  const error = compiles && sample.trim() ? textRuleError(rule, sample.trim()) : null;
  const say = (message: RuleMessage | string) => (isRuleMessage(message) ? translate(message.key, message.values) : message);

  return (
    <Box component="section" aria-labelledby="rule-try-it" sx={{ mt: 1, p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      <Typography id="rule-try-it" variant="subtitle2" component="h3" gutterBottom>
        {translate('validationRules.tryIt.title')}
      </Typography>
      <TextField
        label={translate('validationRules.tryIt.sample')}
        value={sample}
        onChange={(event) => setSample(event.target.value)}
        helperText={rule.suggestText || ' '}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': 'rule-sample' } }}
      />
      <Box aria-live="polite" data-testid="rule-verdict">
        {!compiles ? (
          <Alert severity="warning">{translate('validation.regexInvalid')}</Alert>
        ) : !sample.trim() ? (
          <Alert severity="info">{translate('validationRules.tryIt.empty')}</Alert>
        ) : error ? (
          <Alert severity="error">{say(error)}</Alert>
        ) : (
          <Alert severity="success">{translate('validationRules.tryIt.passes')}</Alert>
        )}
      </Box>
    </Box>
  );
}
