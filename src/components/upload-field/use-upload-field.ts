import { isCancel } from 'axios';
import { useEffect, useRef, useState } from 'react';
import { fileRefusal, type FileKind } from '../../../contract/files';
import { toApiFailure, type ApiFailure } from '../../api/client';
import { newItem, refusalsFor, sentPerFile, type UploadItem } from './upload-items';

import type { UploadConfig } from '../../api/upload-form';

export type UploadRequestConfig = UploadConfig;

/**
 * The state of one upload field: the chosen files, each one's progress while the form is sent,
 * and the refusal that concerns it. The form sends its files in one request: `start()` gives
 * that request its progress callback and abort signal (for axios), `fail()` puts the server's
 * refusal on the file it names and hands back what concerns the rest of the form. With `kind`,
 * a chosen file that the server would refuse for its kind's type or size (contract/files.ts) is
 * refused on the spot, on the file, and nothing is sent until it is removed.
 */
export function useUploadField({ field, multiple = false, maxFiles, kind }: { field: string; multiple?: boolean; maxFiles?: number; kind?: FileKind }) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [errors, setErrors] = useState<string[] | undefined>();
  const controller = useRef<AbortController | null>(null);
  // The callbacks below run after the render that made them (an axios event, a mutation's end).
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);

  const pick = (files: File[]) => {
    if (!files.length) return;
    const kept = multiple ? current.current.filter((i) => i.status !== 'done') : [];
    // More than the server takes in one request: keep what fits, and say so on the field.
    const room = multiple ? Math.max(0, (maxFiles ?? Infinity) - kept.length) : 1;
    setErrors(files.length > room && multiple ? [`Choose at most ${maxFiles} files.`] : undefined);
    const picked = files.slice(0, room).map((file) => newItem(file, kind && fileRefusal(kind, file)));
    const next = [...kept, ...picked];
    current.current = next; // a second pick before the next render sees this one
    setItems(next);
  };

  const remove = (key: string) => {
    const next = current.current.filter((i) => i.key !== key);
    current.current = next;
    setItems(next);
    // The last refused file gone: the field's "Remove …" no longer applies.
    if (!next.some((i) => i.refused)) setErrors(undefined);
  };

  /** The files are about to be sent: the request's abort signal and progress callback. */
  const start = (): UploadRequestConfig => {
    const abort = new AbortController();
    controller.current = abort;
    const sizes = current.current.map((i) => i.file.size);
    setItems((prev) => prev.map((i) => ({ ...i, status: 'uploading', sent: 0, error: undefined })));
    return {
      signal: abort.signal,
      onUploadProgress: ({ loaded, total }) => {
        const sent = sentPerFile(sizes, loaded, total ?? sizes.reduce((a, b) => a + b, 0));
        setItems((prev) => prev.map((i, n) => (i.status === 'uploading' ? { ...i, sent: sent[n] ?? i.sent } : i)));
      },
    };
  };

  const finish = () => {
    controller.current = null;
    setItems((prev) => prev.map((i) => ({ ...i, status: 'done', sent: i.file.size })));
  };

  /**
   * The upload failed: a cancel marks the files so, a refusal lands on the file it concerns.
   * Returns what the rest of the form should show (other fields' errors), or null.
   */
  const fail = (error: unknown): ApiFailure | null => {
    controller.current = null;
    if (isCancel(error)) {
      setItems((prev) => prev.map((i) => ({ ...i, status: 'cancelled', sent: 0 })));
      return null;
    }
    const { perFile, onField, rest } = refusalsFor(toApiFailure(error), field, current.current.length, multiple);
    setErrors(onField);
    setItems((prev) => prev.map((i, n) => ({ ...i, status: perFile[n] ? 'failed' : 'ready', sent: 0, error: perFile[n] })));
    return rest;
  };

  const cancel = () => controller.current?.abort();

  /** Checks before sending that a file is chosen; says so on the field when not. */
  const require = (message = 'Choose a file.'): boolean => {
    if (current.current.length) return true;
    setErrors([message]);
    return false;
  };

  /** Checks before sending that no chosen file was refused; says so on the field when one was. */
  const sendable = (): boolean => {
    const refused = current.current.filter((i) => i.refused).length;
    if (!refused) return true;
    setErrors([refused === 1 ? 'Remove the file that cannot be sent.' : `Remove the ${refused} files that cannot be sent.`]);
    return false;
  };

  const reset = () => {
    controller.current?.abort();
    setItems([]);
    setErrors(undefined);
  };

  return {
    field,
    multiple,
    items,
    files: items.map((i) => i.file),
    errors,
    uploading: items.some((i) => i.status === 'uploading'),
    pick,
    remove,
    start,
    finish,
    fail,
    cancel,
    require,
    sendable,
    reset,
  };
}

export type UploadFieldState = ReturnType<typeof useUploadField>;
