import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useForm } from './use-form';

describe('useForm dirty', () => {
  it('is whatever differs from the values last loaded or saved', () => {
    const { result } = renderHook(() => useForm({ email: 'a@example.com', role_ids: [1] }));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('email', 'b@example.com'));
    expect(result.current.dirty).toBe(true);
    // Typed back: nothing is lost by leaving.
    act(() => result.current.set('email', 'a@example.com'));
    expect(result.current.dirty).toBe(false);
    act(() => result.current.set('role_ids', [1, 2]));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.reset({ email: 'a@example.com', role_ids: [1, 2] }));
    expect(result.current.dirty).toBe(false);
    expect(result.current.values.role_ids).toEqual([1, 2]);
  });
});
