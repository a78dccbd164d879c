import { randomBytes, scrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, PASSWORD_PROBLEMS, passwordProblem, verifyAgainstNothing, verifyPassword } from './passwords.js';

/** A stored hash made at N=2^`log2N` (r=8, p=1), as an older release (or a newer one) would have written it. */
function hashAt(password: string, log2N: number): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 32, { N: 2 ** log2N, r: 8, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(`scrypt$${log2N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`),
    ),
  );
}

describe('password hashes', () => {
  it('verifies the password a hash was made from, and no other', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    expect(await verifyPassword('correct horse battery staple', encoded)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', encoded)).toBe(false);
    expect(await verifyPassword('Correct horse battery staple', encoded)).toBe(false);
  });

  it('stores the parameters, a 16-byte salt and a 32-byte key, and a new salt every time', async () => {
    const [a, b] = await Promise.all([hashPassword('same password here'), hashPassword('same password here')]);
    expect(a).toMatch(/^scrypt\$17\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('takes one password however its accents were typed (NFKC)', async () => {
    const composed = 'caf\u00e9 au lait please';
    const decomposed = 'cafe\u0301 au lait please';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('reads the parameters from the hash, so a hash made at other ones still verifies', async () => {
    const older = await hashAt('an older password', 14);
    expect(await verifyPassword('an older password', older)).toBe(true);
    expect(await verifyPassword('another password', older)).toBe(false);
  });

  it.each([
    ['empty', ''],
    ['another scheme', '$2b$12$abcdefghijklmnopqrstuuAbCdEfGhIjKlMnOpQrStUvWxYz01234'],
    ['too few parts', 'scrypt$17$8$1$c2FsdA'],
    ['not base64url', 'scrypt$17$8$1$c2FsdHNhbHRzYWx0c2FsdA$a+b/c='],
    ['a parameter that is no number', 'scrypt$x$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a memory beyond the limit', 'scrypt$30$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
    ['a short salt', 'scrypt$17$8$1$AAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
  ])('answers false, never throws, for a stored value that is no hash (%s)', async (_case, encoded) => {
    await expect(verifyPassword('whatever it may be', encoded)).resolves.toBe(false);
  });

  it('does the work of one check for an account that does not exist, and answers false', async () => {
    await expect(verifyAgainstNothing('correct horse battery staple')).resolves.toBe(false);
  });

  it('hashes on the thread pool: the event loop keeps turning during a hash', async () => {
    let turns = 0;
    let hashing = true;
    const spin = (): void => {
      turns++;
      if (hashing) setImmediate(spin);
    };
    setImmediate(spin);
    await hashPassword('a long enough password');
    hashing = false;
    expect(turns).toBeGreaterThan(10);
  });

  it('says which hashes to redo: weaker parameters and values that are no hash', async () => {
    expect(needsRehash(await hashPassword('a current password'))).toBe(false);
    expect(needsRehash(await hashAt('an older password', 14))).toBe(true);
    expect(needsRehash('')).toBe(true);
    expect(needsRehash('scrypt$17$4$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).toBe(true);
  });
});

describe('password rules', () => {
  const none = {};
  it.each([
    'correct horse battery staple',
    'violet-kayak-thunder-47',
    'my dog eats 4 carrots 2024',
    '#%&*;:?!)(@^',
    'Tr0ub4dor&3 is too clever',
  ])('accepts %j', (password) => {
    expect(passwordProblem(password, none)).toBeUndefined();
  });

  it('wants 12 characters, counted as a person counts them', () => {
    expect(passwordProblem('tulip house', none)).toBe(PASSWORD_PROBLEMS.tooShort);
    expect(passwordProblem('tulip houses', none)).toBeUndefined();
    // Five emoji are ten UTF-16 units and five characters.
    expect(passwordProblem('\u{1F600}'.repeat(5) + 'abcdef', none)).toBe(PASSWORD_PROBLEMS.tooShort);
  });

  it('takes at most 1,024 characters', () => {
    const words = 'ocean lantern ';
    expect(passwordProblem(words.repeat(100).slice(0, 1024), none)).toBeUndefined();
    expect(passwordProblem(words.repeat(100).slice(0, 1025), none)).toBe(PASSWORD_PROBLEMS.tooLong);
  });

  it.each(['leavemealone', 'QazWsxEdcRfv', 'password123456', 'iloveyou1234', 'Sunshine2024!', 'football!!!!', 'princess.....'])(
    'refuses the common password %j, with the digits and symbols added at its end taken off',
    (password) => {
      expect(passwordProblem(password, none)).toBe(PASSWORD_PROBLEMS.common);
    },
  );

  it.each(['aaaaaaaaaaaa', '............', 'abababababab', 'abcdabcdabcd', '123456789012', '987654321098', 'abcdefghijkl', 'qwertyuiopas', 'LKJHGFDSAPOI', 'abcdefghijkl!!'])(
    'refuses the run or repeat %j',
    (password) => {
      expect(passwordProblem(password, none)).toBe(PASSWORD_PROBLEMS.pattern);
    },
  );

  it('refuses the email, its local part and the name, in any case', () => {
    const maria = { email: 'Maria.Lopez@clinic.example', name: 'Maria Lopez' };
    expect(passwordProblem('maria.lopez rocks the clinic', maria)).toBe(PASSWORD_PROBLEMS.personal);
    expect(passwordProblem('I am MARIA LOPEZ, hello', maria)).toBe(PASSWORD_PROBLEMS.personal);
    expect(passwordProblem('hello marialopez friends', maria)).toBe(PASSWORD_PROBLEMS.personal);
    expect(passwordProblem('maria went to lopez island', maria)).toBeUndefined();
    const jo = { email: 'jo@x.io', name: 'Jo' };
    expect(passwordProblem('my address is jo@x.io', jo)).toBe(PASSWORD_PROBLEMS.personal);
    expect(passwordProblem('jolly green giants walk', jo)).toBeUndefined();
  });
});
