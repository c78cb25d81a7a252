import { describe, expect, it } from 'vitest';
import { uploadErrorMessage } from './upload-file';

describe('uploadErrorMessage', () => {
  it("shows the server's message from the error envelope", () => {
    const body = JSON.stringify({
      success: false,
      error: { code: 'QUOTA_EXCEEDED', message: 'Storage quota exceeded' },
    });
    expect(uploadErrorMessage(413, body)).toBe('Storage quota exceeded');
  });

  it('words a tus 413 with the size the server allows', () => {
    expect(uploadErrorMessage(413, 'Maximum size exceeded\n', '104857600')).toBe(
      'File exceeds the maximum upload size of 100 MB',
    );
  });

  it('falls back to a short plain-text reason, then to the status', () => {
    expect(uploadErrorMessage(400, 'Upload-Length is missing')).toBe('Upload-Length is missing');
    expect(uploadErrorMessage(502, '<html>Bad gateway</html>')).toBe('Upload failed: 502');
    expect(uploadErrorMessage(0, '')).toBe('Network error: the upload did not reach the server');
  });
});
