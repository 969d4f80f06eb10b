import { describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { addSourceFailedMessage, uploadFailedMessage } from './source-messages';

const answered = (status: number, body: Record<string, unknown>) =>
  new ApiError({
    status,
    message: typeof body.error === 'string' ? body.error : 'ignored',
    code: (body.code as ApiError['code']) ?? 'UNKNOWN',
    limitReached: body.limitReached === true,
    body,
  });
const offline = new ApiError({
  status: 0,
  message: 'Could not reach the server',
  code: 'NETWORK_ERROR',
});

describe('source messages', () => {
  it("names the file and the server's reason for a failed upload", () => {
    expect(
      uploadFailedMessage('big.pdf', answered(413, { error: 'This file is larger than 10 MB' })),
    ).toBe('Failed to upload big.pdf: This file is larger than 10 MB');
    expect(uploadFailedMessage('big.pdf', offline)).toBe('Failed to upload big.pdf');
    expect(uploadFailedMessage('big.pdf', answered(502, {}))).toBe('Failed to upload big.pdf');
  });

  it('tells a size limit from other add failures', () => {
    expect(
      addSourceFailedMessage(
        answered(402, {
          error: 'The deck would pass 60 MB',
          limitReached: true,
          code: 'LIMIT_REACHED',
        }),
      ),
    ).toBe('Size limit exceeded: The deck would pass 60 MB');
    expect(addSourceFailedMessage(answered(500, { error: 'boom' }))).toBe(
      'Failed to add source. Please try again.',
    );
    expect(addSourceFailedMessage(offline)).toBe('Failed to add source. Please try again.');
    expect(addSourceFailedMessage(answered(409, { error: 'x', code: 'SOURCES_PENDING' }))).toBe(
      'Please wait for existing sources to finish processing before adding new ones',
    );
  });
});
