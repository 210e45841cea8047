/**
 * A lower bound of the number of instructions re2js compiles a pattern to, read off the pattern's text in one
 * pass without compiling it: compiling `(?:.?){1000}` ten times over costs tens of milliseconds of one thread, so
 * a pattern whose bound is already over the program limit is refused before it is compiled.
 *
 * Every count errs low: an atom counts 1, an empty-width assertion 0, a group its largest branch (re2js factors
 * common prefixes of alternatives), a capture nothing extra, `x*` `x+` `x?` their operand, and `x{n,m}` its largest
 * count times its operand (re2js expands counted repetitions into copies). A text that is no valid pattern gets a
 * number too; the compile that follows, when the number is small enough, says it is invalid. So does a counted
 * repetition nested in others whose counts multiply past 1000: re2js refuses it while parsing, before any cost,
 * and the bound is 0 to leave that message to it.
 */
const REPEAT_NESTING_MAX = 1000;

export function rulePatternLeastSize(pattern: string): number {
  const chars = [...pattern];
  let at = 0;
  let nestedPastLimit = false;
  /** The size of what a quantifier after the last atom repeats: only the last character of a `\\Q…\\E` text. */
  let quantified = 0;
  const peek = (offset = 0) => chars[at + offset];

  /** Skips `{…}` after `\p`, `\x` and the like. */
  const skipBraced = () => {
    if (peek() !== '{') return void at++;
    while (at < chars.length && chars[at] !== '}') at++;
    at++;
  };

  /** Reads one escape after its backslash; returns its size (0 for assertions). */
  const escape = (): number => {
    const letter = chars[at++];
    if (letter === undefined) return 0;
    if ('bBAzZ'.includes(letter)) return 0;
    if (letter === 'p' || letter === 'P' || letter === 'x') {
      skipBraced();
      if (letter === 'x' && chars[at - 1] !== '}') at++;
      return 1;
    }
    if (letter === 'Q') {
      const start = at;
      while (at < chars.length && !(chars[at] === '\\' && chars[at + 1] === 'E')) at++;
      const literal = at - start;
      at += 2;
      quantified = Math.min(literal, 1);
      return literal;
    }
    return 1;
  };

  const charClass = () => {
    at++;
    if (peek() === '^') at++;
    if (peek() === ']') at++;
    while (at < chars.length && chars[at] !== ']') {
      if (chars[at] === '\\') {
        at++;
        escape();
      } else if (chars[at] === '[' && chars[at + 1] === ':') {
        const end = chars.indexOf(']', at + 2);
        at = end < 0 ? chars.length : end + 1;
      } else at++;
    }
    at++;
    return 1;
  };

  /** A counted repetition `{n}`, `{n,}` or `{n,m}` at the cursor: its largest count, or null when it is literal text. */
  const repeatCount = (): number | null => {
    const match = /^\{(\d+)(,(\d*))?\}/.exec(chars.slice(at, at + 12).join(''));
    if (!match) return null;
    at += match[0].length;
    const least = Number(match[1]);
    const most = match[3] ? Number(match[3]) : least;
    return Math.max(least, most);
  };

  /** The largest product of nested counted repetitions in the group just read. */
  let groupNesting = 1;

  const group = (): number => {
    let largestBranch = 0;
    let branch = 0;
    let operand = 0;
    let operandNesting = 1;
    let nesting = 1;
    while (at < chars.length) {
      const char = chars[at];
      if (char === ')') break;
      if (char === '|') {
        at++;
        largestBranch = Math.max(largestBranch, branch);
        branch = 0;
        operand = 0;
        continue;
      }
      if (char === '*' || char === '+' || char === '?') {
        at++;
        continue;
      }
      if (char === '{') {
        const count = repeatCount();
        if (count !== null) {
          if (count >= 2 && count * operandNesting > REPEAT_NESTING_MAX) nestedPastLimit = true;
          if (count > 0) operandNesting *= count;
          nesting = Math.max(nesting, operandNesting);
          branch += operand * (count - 1);
          operand *= count;
          continue;
        }
      }
      groupNesting = 1;
      quantified = -1;
      const size = atom();
      operand = quantified < 0 ? size : quantified;
      operandNesting = groupNesting;
      nesting = Math.max(nesting, operandNesting);
      branch += size;
    }
    groupNesting = nesting;
    return Math.max(largestBranch, branch);
  };

  function atom(): number {
    const char = chars[at];
    if (char === '\\') {
      at++;
      return escape();
    }
    if (char === '[') return charClass();
    if (char === '^' || char === '$') return (void at++, 0);
    if (char !== '(') return (void at++, 1);
    at++;
    if (peek() === '?') {
      at++;
      if (peek() === 'P' || peek() === '<') {
        while (at < chars.length && chars[at] !== '>') at++;
        at++;
      } else {
        while (at < chars.length && chars[at] !== ':' && chars[at] !== ')') at++;
        if (chars[at] === ')') return (void at++, 0);
        at++;
      }
    }
    const size = group();
    at++;
    quantified = -1;
    return size;
  }

  let size = 0;
  while (at < chars.length) {
    size += group();
    at++;
  }
  return nestedPastLimit ? 0 : size;
}
