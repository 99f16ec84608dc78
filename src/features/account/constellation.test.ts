import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { CONSTELLATIONS } from '#protocol/user.ts';
import { constellationLabel } from './constellation.ts';

describe('constellationLabel', () => {
  it('names every sign the server sends, and passes anything else through', () => {
    i18n.loadAndActivate({ locale: 'en-us', messages: {} });
    for (const name of CONSTELLATIONS) expect(constellationLabel(i18n, name)).toBe(name);
    expect(constellationLabel(i18n, 'Ophiuchus')).toBe('Ophiuchus');
    expect(constellationLabel(i18n, 'toString')).toBe('toString');
    expect(constellationLabel(i18n, '')).toBe('');
  });
});
