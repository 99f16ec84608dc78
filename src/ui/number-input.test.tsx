// @vitest-environment happy-dom
/** The number input (docs/product.md, Validation): the rule on its own and the field a member types into. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { keepNumber, numberOf } from './number-input.rules.ts';
import { NumberInput } from './number-input.tsx';
import { renderWithApp } from './test-render.tsx';

afterEach(cleanup);

describe('keepNumber', () => {
  it('keeps digits and one dot, cut to the decimals (default 2)', () => {
    expect(keepNumber('12a.3b4x5')).toBe('12.34');
    expect(keepNumber('1.2.3')).toBe('1.23');
    expect(keepNumber('  7 ')).toBe('7');
    expect(keepNumber('abc')).toBe('');
  });
  it('drops leading zeros but keeps 0.x, and writes .5 as 0.5', () => {
    expect(keepNumber('007')).toBe('7');
    expect(keepNumber('0')).toBe('0');
    expect(keepNumber('00.50')).toBe('0.50');
    expect(keepNumber('.5')).toBe('0.5');
  });
  it('decimals 0 is a whole number; never more than 10 decimals', () => {
    expect(keepNumber('12.9', { decimals: 0 })).toBe('12');
    expect(keepNumber('1.123456789012', { decimals: 20 })).toBe('1.1234567890');
  });
  it('caps at the maximum and allows a minus only when asked', () => {
    expect(keepNumber('10001', { max: 10000 })).toBe('10000');
    expect(keepNumber('-5')).toBe('5');
    expect(keepNumber('-5', { negative: true })).toBe('-5');
    expect(keepNumber('-', { negative: true })).toBe('-');
  });
  it('numberOf reads only finished numbers', () => {
    expect(numberOf('12.5')).toBe(12.5);
    expect(numberOf('5.')).toBeUndefined();
    expect(numberOf('')).toBeUndefined();
  });
});

function Harness({ decimals, max }: { decimals?: number; max?: number }) {
  const [value, setValue] = useState('');
  return <NumberInput label="Gold coins" value={value} onChange={setValue} decimals={decimals} max={max} />;
}

describe('<NumberInput>', () => {
  it('shows only what the rule keeps as the member types, labelled, with a decimal keyboard', () => {
    renderWithApp(<Harness max={100} />);
    const input = screen.getByLabelText('Gold coins') as HTMLInputElement;
    expect(input.inputMode).toBe('decimal');
    fireEvent.change(input, { target: { value: '012.345' } });
    expect(input.value).toBe('12.34');
    fireEvent.change(input, { target: { value: '5000' } });
    expect(input.value).toBe('100');
  });
  it('whole numbers get the numeric keyboard', () => {
    renderWithApp(<Harness decimals={0} />);
    const input = screen.getByLabelText('Gold coins') as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    fireEvent.change(input, { target: { value: '3.7' } });
    expect(input.value).toBe('3');
  });
});
