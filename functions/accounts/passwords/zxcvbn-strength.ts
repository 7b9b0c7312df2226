// Password strength from zxcvbn-ts and its common-password dictionary (about 40,000 leaked passwords, names,
// words, keyboard patterns). Loaded on first use, and only by the function that sets passwords.
import type { PasswordStrength } from '../domain/ports.ts';

/** zxcvbn's score: 0-1 are guessable within about a million tries; 2 withstands online guessing. */
const MIN_SCORE = 2;

type Checker = {
  check(password: string, userInputs: string[]): { score: number } | Promise<{ score: number }>;
};

export class ZxcvbnPasswordStrength implements PasswordStrength {
  private checker: Promise<Checker> | null = null;

  private load(): Promise<Checker> {
    this.checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
      ([core, common]) =>
        new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
    );
    return this.checker;
  }

  async isEasyToGuess(password: string, userInputs: string[]): Promise<boolean> {
    const checker = await this.load();
    // zxcvbn's cost grows with length; beyond 100 characters the first 100 decide.
    const { score } = await checker.check(password.slice(0, 100), userInputs);
    return score < MIN_SCORE;
  }
}
