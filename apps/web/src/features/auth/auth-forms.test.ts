import { describe, expect, it } from 'vitest';
import {
  isCompleteCode,
  sanitizeCode,
  signInBody,
  validateNewPassword,
  validateResetEmail,
  validateSignIn,
} from './auth-forms';

describe('verification code input', () => {
  it('keeps digits only, from typing or a paste', () => {
    expect(sanitizeCode('12a3')).toBe('123');
    expect(sanitizeCode(' 123 456 ')).toBe('123456');
    expect(sanitizeCode('Your code is 654-321.')).toBe('654321');
    expect(sanitizeCode('abc')).toBe('');
  });

  it('never keeps more than six digits', () => {
    expect(sanitizeCode('1234567890')).toBe('123456');
  });

  it('ignores digits of other scripts and signs', () => {
    expect(sanitizeCode('١٢٣456')).toBe('456');
    expect(sanitizeCode('-12345')).toBe('12345');
  });

  it('counts only exactly six ASCII digits as complete', () => {
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('1234567')).toBe(false);
    expect(isCompleteCode('12345a')).toBe(false);
    expect(isCompleteCode('')).toBe(false);
  });
});

describe('sign-in form', () => {
  const filled = { firstName: 'Ada', email: 'ada@example.com', password: 'secret password' };

  it('requires first name, email and password to create an account', () => {
    expect(validateSignIn('register', filled)).toBeNull();
    expect(validateSignIn('register', { ...filled, firstName: '  ' })).toBe(
      'Please enter your first name',
    );
    expect(validateSignIn('register', { ...filled, email: '' })).toBe(
      'Please enter your email address',
    );
    expect(validateSignIn('register', { ...filled, password: '' })).toBe(
      'Please enter your password',
    );
  });

  it('does not ask for a first name to sign in', () => {
    expect(validateSignIn('login', { ...filled, firstName: '' })).toBeNull();
  });

  it('leaves length rules to the server, whose message is shown', () => {
    expect(validateSignIn('register', { ...filled, password: 'x' })).toBeNull();
  });

  it('sends trimmed name and e-mail and the password exactly as typed', () => {
    const typed = { firstName: ' Ada ', email: ' ada@example.com ', password: ' pass word ' };
    expect(signInBody('register', typed)).toEqual({
      firstName: 'Ada',
      email: 'ada@example.com',
      password: ' pass word ',
    });
    expect(signInBody('login', typed)).toEqual({
      email: 'ada@example.com',
      password: ' pass word ',
    });
  });
});

describe('reset forms', () => {
  it('requires an e-mail to request a link', () => {
    expect(validateResetEmail(' ')).toBe('Please enter your email address');
    expect(validateResetEmail('a@b.c')).toBeNull();
  });

  it('requires matching passwords of at least 8 characters', () => {
    expect(validateNewPassword('abcdefgh', 'abcdefgh')).toBeNull();
    expect(validateNewPassword('abcdefgh', 'abcdefgi')).toBe('Passwords do not match');
    expect(validateNewPassword('abc', 'abc')).toBe('Password must be at least 8 characters long');
    expect(validateNewPassword('abc', 'abd')).toBe('Passwords do not match');
  });
});
