import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../api/client';
import { formatSize, refusalsFor, sentPerFile } from './upload-items';

const failure = (status: number, message: string, fieldErrors: ApiFailure['fieldErrors'] = {}): ApiFailure => ({ status, message, fieldErrors });

describe('progress per file of one multipart request', () => {
  it('fills the files in form order, scaled from the whole body', () => {
    // 1,000 bytes of files in a 1,100-byte body.
    expect(sentPerFile([600, 400], 0, 1100)).toEqual([0, 0]);
    expect(sentPerFile([600, 400], 550, 1100)).toEqual([500, 0]);
    expect(sentPerFile([600, 400], 880, 1100)).toEqual([600, 200]);
    expect(sentPerFile([600, 400], 1100, 1100)).toEqual([600, 400]);
  });

  it('never passes a file’s size, and copes with an unknown total', () => {
    expect(sentPerFile([10], 5000, 20)).toEqual([10]);
    expect(sentPerFile([10], 5, 0)).toEqual([0]);
  });
});

describe('which file a refusal concerns', () => {
  it('puts a field error of the file’s field on the file, and leaves other fields to the form', () => {
    const refused = failure(422, 'Some fields are not valid.', { firmware: ['Choose another file.'], description: ['Description is required.'] });
    const { perFile, rest } = refusalsFor(refused, 'firmware', 1);
    expect(perFile).toEqual(['Choose another file.']);
    expect(rest?.fieldErrors).toEqual({ description: ['Description is required.'] });
  });

  it('names one of several files by its index', () => {
    const refused = failure(413, 'Too large.', { 'documents.1': ['The file is larger than 200 MB.'], 'documents[2]': ['Not this type.'] });
    expect(refusalsFor(refused, 'documents', 3)).toEqual({
      perFile: [undefined, 'The file is larger than 200 MB.', 'Not this type.'],
      rest: null,
    });
  });

  it('says a refusal of the bare field once on the field among several files, or with none chosen', () => {
    const tooMany = failure(413, 'Send at most 20 files at once.', { documents: ['Send at most 20 files at once.'] });
    expect(refusalsFor(tooMany, 'documents', 2, true)).toEqual({ perFile: [undefined, undefined], onField: ['Send at most 20 files at once.'], rest: null });
    const missing = failure(422, 'Some fields are not valid.', { firmware: ['Choose a file.'], description: ['Description is required.'] });
    const { onField, rest } = refusalsFor(missing, 'firmware', 0);
    expect(onField).toEqual(['Choose a file.']);
    expect(rest?.fieldErrors).toEqual({ description: ['Description is required.'] });
  });

  it('gives a 413 or 415 without fields, or a dropped connection, to every file', () => {
    expect(refusalsFor(failure(413, 'That is too large.'), 'firmware', 2).perFile).toEqual(['That is too large.', 'That is too large.']);
    expect(refusalsFor(failure(415, 'Not this type.'), 'firmware', 1)).toEqual({ perFile: ['Not this type.'], rest: null });
    expect(refusalsFor(failure(0, 'Cannot reach the server.'), 'firmware', 1).perFile).toEqual(['Cannot reach the server.']);
  });

  it('leaves a failure about something else to the form', () => {
    const forbidden = failure(403, 'You lack the role for this.');
    expect(refusalsFor(forbidden, 'firmware', 1)).toEqual({ perFile: [undefined], rest: forbidden });
  });
});

describe('formatSize', () => {
  it('uses binary units, as the server’s limits do', () => {
    expect(formatSize(512)).toBe('512 bytes');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatSize(1024 ** 3)).toBe('1.0 GB');
    expect(formatSize(300 * 1024 * 1024)).toBe('300 MB');
  });
});
