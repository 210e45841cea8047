/**
 * The ISO 4217 currencies a currency question may take, with their minor units (digits after the point), written
 * here rather than asked of Intl so the browser and the server agree whatever their ICU data.
 */
export const CURRENCY_MINOR_UNITS: ReadonlyMap<string, number> = new Map([
  ['AED', 2],
  ['AUD', 2],
  ['BHD', 3],
  ['BND', 2],
  ['BRL', 2],
  ['CAD', 2],
  ['CHF', 2],
  ['CLP', 0],
  ['CNY', 2],
  ['CZK', 2],
  ['DKK', 2],
  ['EUR', 2],
  ['GBP', 2],
  ['HKD', 2],
  ['HUF', 2],
  ['IDR', 2],
  ['ILS', 2],
  ['INR', 2],
  ['ISK', 0],
  ['JOD', 3],
  ['JPY', 0],
  ['KHR', 2],
  ['KRW', 0],
  ['KWD', 3],
  ['LAK', 2],
  ['MMK', 2],
  ['MXN', 2],
  ['MYR', 2],
  ['NOK', 2],
  ['NZD', 2],
  ['OMR', 3],
  ['PHP', 2],
  ['PLN', 2],
  ['QAR', 2],
  ['RUB', 2],
  ['SAR', 2],
  ['SEK', 2],
  ['SGD', 2],
  ['THB', 2],
  ['TRY', 2],
  ['TWD', 2],
  ['USD', 2],
  ['VND', 0],
  ['ZAR', 2],
]);

export const SUPPORTED_CURRENCIES: readonly string[] = [...CURRENCY_MINOR_UNITS.keys()];

export const isSupportedCurrency = (code: string) => CURRENCY_MINOR_UNITS.has(code);

/** The codes a question offers: its own list, or every supported code. */
export const offeredCurrencies = (limits: { currencies: readonly string[] } | null | undefined): readonly string[] =>
  limits?.currencies.length ? limits.currencies : SUPPORTED_CURRENCIES;
