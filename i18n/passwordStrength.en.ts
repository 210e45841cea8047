/**
 * The password strength meter and refusal (contract/passwordStrength.ts): zxcvbn's feedback keys, in our words.
 * Kept apart from app.* and validation.*: the sign-in pages' catalogue stays small (their bundle budget); the meter
 * loads this with its own chunk.
 */
export default {
  passwordStrength: {
    label: 'Password strength: %{level}',
    levels: { weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' },
    tooWeak: 'Too easy to guess: choose a stronger password (a few uncommon words work well)',
    warnings: {
      straightRow: 'Straight rows of keys on a keyboard are easy to guess.',
      keyPattern: 'Short keyboard patterns are easy to guess.',
      simpleRepeat: 'Repeated characters such as "aaa" are easy to guess.',
      extendedRepeat: 'Repeated patterns such as "abcabcabc" are easy to guess.',
      sequences: 'Common sequences such as "abc" or "1234" are easy to guess.',
      recentYears: 'Recent years are easy to guess.',
      dates: 'Dates are easy to guess.',
      topTen: 'This is one of the most used passwords.',
      topHundred: 'This is a very often used password.',
      common: 'This is a commonly used password.',
      similarToCommon: 'This is close to a commonly used password.',
      wordByItself: 'A single word is easy to guess.',
      namesByThemselves: 'A single name or surname is easy to guess.',
      commonNames: 'Common names and surnames are easy to guess.',
      userInputs: 'Do not use your email address or other personal details.',
      pwned: 'This password has appeared in a data breach.',
    },
    suggestions: {
      l33t: 'Avoid predictable substitutions such as "@" for "a".',
      reverseWords: 'Avoid common words spelt backwards.',
      allUppercase: 'Capitalise some letters, not all.',
      capitalization: 'Capitalise more than the first letter.',
      dates: 'Avoid dates and years that are associated with you.',
      recentYears: 'Avoid recent years.',
      associatedYears: 'Avoid years that are associated with you.',
      sequences: 'Avoid common sequences of characters.',
      repeated: 'Avoid repeated words and characters.',
      longerKeyboardPattern: 'Use longer keyboard patterns that change direction several times.',
      anotherWord: 'Add another word or two that are less common.',
      useWords: 'Use several words, but avoid common phrases.',
      noNeed: 'You can make a strong password without symbols, numbers or capital letters.',
      pwned: 'If you use this password elsewhere, change it there too.',
    },
  },
};
