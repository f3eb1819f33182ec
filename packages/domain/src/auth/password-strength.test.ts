import { beforeAll, describe, expect, it } from 'vitest';
import { loadPasswordStrength, type PasswordStrengthOf } from './password-strength.ts';

let passwordStrength: PasswordStrengthOf;
beforeAll(async () => {
  passwordStrength = await loadPasswordStrength();
});

const ana = ['Ana Kovačević', 'ana.k', '100100', 'ana@jadran-moda.example'];

describe('passwordStrength', () => {
  it('refuses the passwords the issue names, each with why', () => {
    expect(passwordStrength('12345678', ana)).toMatchObject({
      isStrongEnough: false,
      weakness: 'passwordCommon',
    });
    expect(passwordStrength('password', ana).weakness).toBe('passwordCommon');
    expect(passwordStrength('aaaaaaaa', ana).weakness).toBe('passwordRepeats');
    expect(passwordStrength('qwertyuiop', ana).isStrongEnough).toBe(false);
  });

  it('refuses a password made of the user’s own name, username or account number', () => {
    expect(passwordStrength('kovacevic100100', ana)).toMatchObject({ isStrongEnough: false });
    expect(passwordStrength('ana.k100100', ana)).toMatchObject({
      isStrongEnough: false,
      weakness: 'passwordPersonal',
    });
  });

  it('accepts a few unrelated words, and a long random one', () => {
    expect(passwordStrength('plava-riva-kiša-7', ana)).toMatchObject({
      isStrongEnough: true,
      weakness: null,
    });
    expect(passwordStrength('x7#Qm2!vLp9z', ana).score).toBe(4);
  });

  it('scores higher as a password grows from a word to a phrase', () => {
    const scores = ['sunce', 'sunce-more', 'sunce-more-kamen', 'sunce-more-kamen-lipa'].map(
      (password) => passwordStrength(password, ana).score,
    );
    expect(scores).toEqual([...scores].sort());
    expect(scores[0]).toBeLessThan(3);
    expect(scores.at(-1)).toBeGreaterThanOrEqual(3);
  });
});
