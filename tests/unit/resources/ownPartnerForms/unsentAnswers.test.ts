import { describe, expect, it } from 'vitest';
import { unsentAnswersStore } from '../../../../src/resources/ownPartnerForms/unsentAnswers';

describe('answers kept on this device until the server has them', () => {
  it('a save that lands after another visit wrote its own unsent answers removes only what that save carried', () => {
    const earlierVisit = unsentAnswersStore('user-1', 'form-1');
    const laterVisit = unsentAnswersStore('user-1', 'form-1');
    earlierVisit.write(new Map([['iban', 'VN1234']]));
    laterVisit.write(
      new Map<string, string>([
        ['iban', 'VN1234'],
        ['name', 'Typed offline'],
      ]),
    );

    earlierVisit.forget(new Map([['iban', 'VN1234']]));

    expect(Object.fromEntries(laterVisit.read())).toEqual({ name: 'Typed offline' });
  });

  it('keeps an answer changed since the save left, and removes the key once nothing is left', () => {
    const store = unsentAnswersStore('user-1', 'form-2');
    store.write(new Map([['name', 'Acme Ltd']]));
    store.forget(new Map([['name', 'Acme']]));
    expect(Object.fromEntries(store.read())).toEqual({ name: 'Acme Ltd' });
    store.forget(new Map([['name', 'Acme Ltd']]));
    expect(localStorage.getItem('portal.formAnswers.user-1.form-2')).toBeNull();
  });
});
