import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseCompany, chosenCompany, companyContextKey, useChosenCompany } from './company-context';

describe('a superadmin’s company context', () => {
  afterEach(() => {
    for (const user of [7, 8]) chooseCompany(user, null);
    localStorage.clear();
    sessionStorage.clear();
  });

  it('is kept per user, in this tab’s session and for the next tab', () => {
    chooseCompany(7, 12);
    expect(chosenCompany(7)).toBe(12);
    expect(chosenCompany(8)).toBeNull();
    expect(sessionStorage.getItem(companyContextKey(7))).toBe('12');
    expect(localStorage.getItem(companyContextKey(7))).toBe('12');
    chooseCompany(7, null);
    expect(chosenCompany(7)).toBeNull();
    expect(localStorage.getItem(companyContextKey(7))).toBeNull();
  });

  it('starts from this tab’s choice, else the last one made in any tab', () => {
    localStorage.setItem(companyContextKey(9), '4');
    sessionStorage.setItem(companyContextKey(9), '5');
    localStorage.setItem(companyContextKey(10), '6');
    localStorage.setItem(companyContextKey(11), 'x');
    expect([chosenCompany(9), chosenCompany(10), chosenCompany(11)]).toEqual([5, 6, null]);
  });

  it('re-renders whoever shows it when it changes', () => {
    const { result } = renderHook(() => useChosenCompany(8));
    expect(result.current).toBeNull();
    act(() => chooseCompany(8, 3));
    expect(result.current).toBe(3);
    const nobody = renderHook(() => useChosenCompany(null));
    expect(nobody.result.current).toBeNull();
  });
});
