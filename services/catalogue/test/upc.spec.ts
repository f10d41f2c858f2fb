import { checkDigit, composeUpc, isValidUpc, sameProductCodes } from '../src/app/releases/upc.ts';

describe('GS1 check digit', () => {
  it.each([
    ['03600029145', 2], // UPC-A 036000291452
    ['01234567890', 5], // UPC-A 012345678905
    ['400638133393', 1], // EAN-13 4006381333931
    ['978030640615', 7], // EAN-13 (ISBN) 9780306406157
    ['00000000000', 0],
  ])('of %s is %i', (body, digit) => {
    expect(checkDigit(body)).toBe(digit);
  });

  it('refuses anything but digits', () => {
    expect(() => checkDigit('12a4')).toThrow();
  });
});

describe('isValidUpc', () => {
  it.each(['036000291452', '012345678905', '4006381333931', '9780306406157'])('accepts %s', (code) => {
    expect(isValidUpc(code)).toBe(true);
  });

  it.each([
    ['a wrong check digit (UPC-A)', '036000291453'],
    ['a wrong check digit (EAN-13)', '4006381333932'],
    ['11 digits', '03600029145'],
    ['14 digits', '00036000291452'],
    ['letters', '03600029145X'],
    ['empty', ''],
  ])('refuses %s', (_label, code) => {
    expect(isValidUpc(code)).toBe(false);
  });
});

describe('composeUpc', () => {
  it('is the prefix, the serial padded to 11 digits and the check digit', () => {
    const upc = composeUpc('0860000', 42);
    expect(upc).toMatch(/^\d{12}$/);
    expect(upc.slice(0, 11)).toBe('08600000042');
    expect(isValidUpc(upc)).toBe(true);
  });

  it('fills exactly the digits the prefix leaves', () => {
    expect(composeUpc('1234567890', 7).slice(0, 11)).toBe('12345678907');
    expect(composeUpc('123456', 99_999)).toMatch(/^12345699999\d$/);
  });

  it('refuses a serial that no longer fits beside the prefix', () => {
    expect(() => composeUpc('1234567890', 10)).toThrow(/exhausted/);
    expect(() => composeUpc('123456', 100_000)).toThrow(/exhausted/);
  });
});

describe('sameProductCodes', () => {
  it('pairs a UPC-A with its EAN-13 spelling and back', () => {
    expect(sameProductCodes('036000291452')).toEqual(['036000291452', '0036000291452']);
    expect(sameProductCodes('0036000291452')).toEqual(['0036000291452', '036000291452']);
    expect(sameProductCodes('4006381333931')).toEqual(['4006381333931']);
  });
});
