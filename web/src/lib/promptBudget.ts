/**
 * One prompt per visit, and none in a visitor's first (issue 32). The install banner, the app
 * announcement, the reminder modals (the upsells among them) and the nearby modal each ask here
 * before they show; the first to ask in a visit gets it, the others wait for another visit. Their
 * own rules (the spec's cookies and caps) still decide whether they are due at all.
 *
 * A visit is a browser session (sessionStorage). The first visit is the one in which this browser
 * first opened the site (a flag in localStorage): a newcomer reads the site before being asked
 * anything.
 */
export type PromptName = 'banner' | 'announcement' | 'reminder' | 'nearby';

const SEEN = 'addme.seen-before';
const FIRST = 'addme.first-visit';
const SHOWN = 'addme.prompt-this-visit';

function stores(): { local: Storage; session: Storage } | null {
  try {
    return { local: window.localStorage, session: window.sessionStorage };
  } catch {
    return null;
  }
}

/** Marks the start of a visit; the very first one in this browser is remembered as first. */
export function startVisit() {
  const s = stores();
  if (!s) return;
  if (!s.local.getItem(SEEN)) {
    s.local.setItem(SEEN, '1');
    s.session.setItem(FIRST, '1');
  }
}

export function isFirstVisit(): boolean {
  const s = stores();
  return !s || s.session.getItem(FIRST) === '1';
}

/** The prompt shown in this visit, if any. */
export function promptThisVisit(): PromptName | null {
  return (stores()?.session.getItem(SHOWN) as PromptName | null) ?? null;
}

/**
 * May `name` show now? Yes when no other prompt was shown in this visit (the one that was may go
 * on showing, e.g. the banner on the next page) and this is not the first visit. A yes is kept.
 */
export function claimPrompt(name: PromptName): boolean {
  const s = stores();
  if (!s || isFirstVisit()) return false;
  const shown = s.session.getItem(SHOWN);
  if (shown && shown !== name) return false;
  s.session.setItem(SHOWN, name);
  return true;
}
