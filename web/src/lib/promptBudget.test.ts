import { beforeEach, describe, expect, it } from 'vitest';
import { claimPrompt, isFirstVisit, promptThisVisit, startVisit } from '@/lib/promptBudget';

describe('the prompt budget', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('asks nothing in the first visit', () => {
    startVisit();
    expect(isFirstVisit()).toBe(true);
    expect(claimPrompt('banner')).toBe(false);
    expect(claimPrompt('reminder')).toBe(false);
    expect(promptThisVisit()).toBeNull();
  });

  it('gives one prompt per later visit: the first to ask, again on the next page', () => {
    startVisit();
    sessionStorage.clear(); // the browser closed: a new visit
    startVisit();
    expect(isFirstVisit()).toBe(false);
    expect(claimPrompt('banner')).toBe(true);
    expect(claimPrompt('announcement')).toBe(false);
    expect(claimPrompt('reminder')).toBe(false);
    expect(claimPrompt('banner')).toBe(true);
    sessionStorage.clear();
    startVisit();
    expect(claimPrompt('reminder')).toBe(true);
    expect(claimPrompt('banner')).toBe(false);
  });
});
