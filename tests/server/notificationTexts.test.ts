import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KEYS } from '../../contract/notifications';
import { LANGUAGES } from '../../contract/http';
import { translate } from '../../server/core/i18n';

describe("the server's notification texts", () => {
  it('name a title and a message in every language for every kind it stores', () => {
    const missing = LANGUAGES.flatMap((language) =>
      NOTIFICATION_KEYS.flatMap((key) => ['title', 'message'].map((part) => `${key}.${part}`))
        .filter((key) => translate(language, key, {}) === key)
        .map((key) => `${language} ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
