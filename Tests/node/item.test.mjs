// Unit tests of the item page's keyboard (assets/item.js): which keys go to a neighbour. Run: node --test Tests/node/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { neighbourOf } from '../../Sources/GalgenTheme/Theme/assets/item.js';

const page = { isContentEditable: false, closest: () => null };
const field = { isContentEditable: false, closest: (s) => (s.includes('input') ? {} : null) };
const editable = { isContentEditable: true, closest: () => null };
const key = (k, extra = {}) => ({ key: k, target: page, defaultPrevented: false, altKey: false, ctrlKey: false,
                                  metaKey: false, shiftKey: false, isComposing: false, ...extra });

test('item page: ArrowLeft and ArrowRight go to the previous and the next item', () => {
  assert.equal(neighbourOf(key('ArrowLeft')), 'prev');
  assert.equal(neighbourOf(key('ArrowRight')), 'next');
  for (const k of ['ArrowUp', 'ArrowDown', 'Enter', 'a', 'PageDown']) assert.equal(neighbourOf(key(k)), null, k);
});

test('item page: modifiers, typing and handled events are left alone', () => {
  for (const mod of ['altKey', 'ctrlKey', 'metaKey', 'shiftKey', 'isComposing', 'defaultPrevented'])
    assert.equal(neighbourOf(key('ArrowRight', { [mod]: true })), null, mod);
  assert.equal(neighbourOf(key('ArrowLeft', { target: field })), null, 'in a form field');
  assert.equal(neighbourOf(key('ArrowLeft', { target: editable })), null, 'in editable text');
  assert.equal(neighbourOf(key('ArrowLeft', { target: null })), 'prev', 'no target');
});
