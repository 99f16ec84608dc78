/**
 * The twelve signs in the reader's language. The server sends the English name (protocol/user.ts CONSTELLATIONS);
 * anything else it might send one day is shown as it came rather than hidden.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Constellation } from '#protocol/user.ts';

const NAMES: Record<Constellation, MessageDescriptor> = {
  Capricorn: msg`Capricorn`,
  Aquarius: msg`Aquarius`,
  Pisces: msg`Pisces`,
  Aries: msg`Aries`,
  Taurus: msg`Taurus`,
  Gemini: msg`Gemini`,
  Cancer: msg`Cancer`,
  Leo: msg`Leo`,
  Virgo: msg`Virgo`,
  Libra: msg`Libra`,
  Scorpio: msg`Scorpio`,
  Sagittarius: msg`Sagittarius`,
};

export function constellationLabel(i18n: I18n, name: string | null | undefined): string {
  if (!name) return '';
  const descriptor = Object.hasOwn(NAMES, name) ? NAMES[name as Constellation] : undefined;
  return descriptor ? i18n._(descriptor) : name;
}
