// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { classesUsed, reactBootstrapModules, usedBootstrap } from './bootstrapRules';

const WEB = fileURLToPath(new URL('..', import.meta.url));
const CSS = `
.btn{padding:1px}.btn-danger{color:red}.btn-outline-secondary{color:gray}.btn-info{color:blue}
.modal-dialog-centered{display:flex}.modal-dialog-scrollable{overflow:auto}
.carousel{position:relative}.carousel-item{display:none}
.collapse:not(.show){display:none}
[data-bs-theme=dark]{color-scheme:dark}
.fw-bold{font-weight:700!important}
@media (min-width:768px){.d-md-none{display:none!important}.d-md-flex{display:flex!important}}
@keyframes spinner-border{to{transform:rotate(360deg)}}
.spinner-border{animation:.75s linear infinite spinner-border}
`;

describe("Bootstrap's rules, as the app uses them", () => {
  const app = [
    "<Button variant='outline-secondary' />",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template.
    'const cls = `btn-${variant}`; const variant = danger ? "danger" : "outline-secondary";',
    '<Modal centered /> <div className="collapse show d-md-flex" data-bs-theme="dark" />',
  ];
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template.
  const rb = "bsPrefix = useBootstrapPrefix(bsPrefix, 'modal'); `${bsPrefix}-dialog`";

  it('keeps what the code names or builds, drops the rest', async () => {
    const { css, dropped } = await usedBootstrap(CSS, [...app, rb]);
    for (const kept of [
      '.btn{',
      '.btn-danger',
      '.btn-outline-secondary',
      '.modal-dialog-centered',
      '.collapse:not(.show)',
      '[data-bs-theme=dark]',
      '.d-md-flex',
    ]) {
      expect(css).toContain(kept);
    }
    expect(dropped).toEqual(
      expect.arrayContaining(['btn-info', 'carousel', 'carousel-item', 'd-md-none']),
    );
    expect(dropped).not.toContain('modal-dialog-centered');
    // No spinner on this app's pages: its animation goes with it.
    expect(css).not.toContain('@keyframes spinner-border');
  });

  it("keeps every utility outside a media query: an admin's alert may name any", async () => {
    const { css } = await usedBootstrap(CSS, app);
    expect(css).toContain('.fw-bold');
  });

  it('builds a class from a prefix and one or two words the code names, not from any word', () => {
    const { canBuild } = classesUsed([...app, rb]);
    expect(canBuild('btn-danger')).toBe(true);
    expect(canBuild('modal-dialog-centered')).toBe(true);
    expect(canBuild('btn-info')).toBe(false);
    expect(canBuild('carousel-item')).toBe(false);
  });

  it("reads the React-Bootstrap components the app imports, with the package's modules they use", () => {
    const esm = `${WEB}node_modules/react-bootstrap/esm`;
    const files = reactBootstrapModules(["import { Modal } from 'react-bootstrap';"], esm);
    const names = files.map((f) => f.slice(esm.length + 1));
    expect(names).toEqual(expect.arrayContaining(['Modal.js', 'ModalDialog.js']));
    expect(names).not.toContain('Carousel.js');
    expect(readFileSync(`${esm}/ModalDialog.js`, 'utf8')).toContain("'modal'");
  });
});
