"""The stepper's voice and keys: one small front-end widget (anywidget) inside each stepper.

It does three things ipywidgets cannot do from Python, in JupyterLab and in the in-browser edition alike
(anywidget ships its front end as an ES module string, so nothing needs installing in the browser):

- **one live region for the widget's life**: the sentence sits in a ``role="status"`` element made once,
  whose text alone changes at each step (a screen reader may skip a live region inserted with its text);
- **keys with the focus anywhere in the widget**: → or Page Down, ← or Page Up, Home and Space (``KEY_NAMES``),
  on a button, the slider, the picture (made focusable) or the menus, are sent to Python and kept from
  JupyterLab (which would otherwise move to the next cell or fold a section). In a text box, only Page Up /
  Page Down are taken (the others move the caret); on a button, Space presses the button, as everywhere;
- **names for slider handles**: ipywidgets' slider handle (``role="slider"``) has no accessible name; each
  gets the name given in ``names`` (by the slider's CSS class), or the slider's label.

>>> k = Keys(text="Press Step to start the search.")
>>> k.text
'Press Step to start the search.'
>>> heard = []
>>> k.on_key(heard.append)
>>> k._handle_key_message(k, {"key": "ArrowRight"}, [])
>>> k._handle_key_message(k, {"key": "x"}, [])            # not one of its keys: ignored
>>> heard
['ArrowRight']
"""

from __future__ import annotations

from collections.abc import Callable

import anywidget
import traitlets

KEY_NAMES = {"ArrowRight": "step", "PageDown": "step", "ArrowLeft": "back", "PageUp": "back",
             "Home": "reset", " ": "run or pause"}
# What the focusable picture says it does (aria-keyshortcuts uses the key names of UI Events).
SHORTCUTS = "ArrowRight PageDown ArrowLeft PageUp Home Space"

ESM = r"""
const TEXT_ENTRY = 'textarea, input:not([type]), input[type=text], input[type=number], input[type=search], '
  + '[contenteditable=true]';
const BUTTONS = 'button, [role=button], [role=checkbox], [role=switch], input[type=checkbox], select';

function nameSliders(root, names) {
  for (const slider of root.querySelectorAll('.widget-slider, .jupyter-widget-slider')) {
    const handle = slider.querySelector('[role=slider]');
    if (!handle) continue;
    let name = '';
    for (const [cls, given] of Object.entries(names)) if (slider.classList.contains(cls)) name = given;
    if (!name) { const label = slider.querySelector('.widget-label'); name = label ? label.textContent.trim() : ''; }
    if (name && handle.getAttribute('aria-label') !== name) handle.setAttribute('aria-label', name);
  }
}

function render({ model, el }) {
  const region = document.createElement('div');
  if (!model.get('announce')) region.hidden = true;      // names and keys only: no live region
  region.className = 'adversarial-live';
  region.setAttribute('role', 'status');
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  region.style.lineHeight = '1.3';
  if (model.get('announce')) el.appendChild(region);
  const show = () => {
    region.textContent = model.get('text');
    region.style.fontSize = model.get('size');
  };
  show();
  model.on('change:text', show);
  model.on('change:size', show);

  const rootOf = () => el.isConnected ? el.closest(model.get('root')) : null;
  let observer = null, observed = null;
  const dress = (root) => {           // the picture focusable and named, the slider handles named
    const picture = model.get('picture') && root.querySelector(model.get('picture'));
    if (picture && !picture.hasAttribute('tabindex')) {
      picture.tabIndex = 0;
      picture.setAttribute('role', 'group');
      picture.setAttribute('aria-label', model.get('picture_name'));
      picture.setAttribute('aria-keyshortcuts', model.get('shortcuts'));
    }
    nameSliders(root, model.get('names'));
  };
  const watch = () => {
    const root = rootOf();
    if (!root) return false;
    if (observed !== root) {
      if (observer) observer.disconnect();
      observer = new MutationObserver(() => dress(root));
      observer.observe(root, { childList: true, subtree: true });
      observed = root;
    }
    dress(root);
    return true;
  };
  let tries = 0;
  const wait = () => { if (!watch() && tries++ < 600) setTimeout(wait, 100); };
  wait();

  const onKey = (event) => {
    const keys = model.get('handled');
    if (!keys.length || event.altKey || event.ctrlKey || event.metaKey || !keys.includes(event.key)) return;
    const target = event.target;
    if (!(target instanceof Element)) return;
    const root = rootOf();
    if (!root || !root.contains(target)) return;
    const paging = event.key === 'PageUp' || event.key === 'PageDown';
    if (!paging && target.closest(TEXT_ENTRY)) return;          // the caret's keys stay the box's
    if (event.key === ' ' && target.closest(BUTTONS)) return;   // Space presses a button, as everywhere
    event.preventDefault();
    event.stopImmediatePropagation();    // before JupyterLab's shortcuts (document) and the slider's own keys
    model.send({ key: event.key });
  };
  window.addEventListener('keydown', onKey, true);
  return () => {
    window.removeEventListener('keydown', onKey, true);
    if (observer) observer.disconnect();
    model.off('change:text', show);
    model.off('change:size', show);
  };
}
export default { render };
"""


class Keys(anywidget.AnyWidget):
    """A live region showing ``text``, and the keys ``handled`` heard anywhere inside the nearest element
    matching ``root`` (a CSS selector), passed to the callbacks given to :meth:`on_key`."""

    _esm = ESM
    text = traitlets.Unicode("").tag(sync=True)
    size = traitlets.Unicode("1em").tag(sync=True)
    root = traitlets.Unicode(".adversarial-stepper").tag(sync=True)
    handled = traitlets.List(traitlets.Unicode(), list(KEY_NAMES)).tag(sync=True)   # the keys it takes
    picture = traitlets.Unicode(".adversarial-drawing").tag(sync=True)
    picture_name = traitlets.Unicode(
        "The drawing of the search. Keys: right arrow or Page Down steps, left arrow or Page Up goes "
        "back, Home resets, Space runs or pauses").tag(sync=True)
    shortcuts = traitlets.Unicode(SHORTCUTS).tag(sync=True)
    names = traitlets.Dict().tag(sync=True)      # a slider's CSS class -> its handle's accessible name
    announce = traitlets.Bool(True).tag(sync=True)     # False: no live region (the slider names alone)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._listeners: list[Callable[[str], None]] = []
        self.on_msg(self._handle_key_message)

    def on_key(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(key)`` for each of ``handled`` pressed inside the widget."""
        self._listeners.append(callback)

    def _handle_key_message(self, _widget, content, _buffers) -> None:
        key = content.get("key") if isinstance(content, dict) else None
        if key in self.handled:
            for callback in self._listeners:
                callback(key)
