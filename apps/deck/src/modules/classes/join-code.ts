import { randomInt } from 'node:crypto';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '@mnemo/contracts/api/classes';

/** A fresh join code: JOIN_CODE_LENGTH characters of the alphabet, each from the CSPRNG. */
export function drawJoinCode(random: (max: number) => number = randomInt): string {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[random(JOIN_CODE_ALPHABET.length)];
  return code;
}
