import { describe, expect, it } from 'vitest';
import { emailDomainAllowed, inStaffGroup, ssoErrorCodeOf } from './single-sign-on';

describe('which addresses single sign-on admits', () => {
  it('any domain when none is listed; else exactly the listed ones, not their look-alikes', () => {
    expect(emailDomainAllowed([], 'anyone@anywhere.example')).toBe(true);
    const allowed = ['corp.example'];
    expect(emailDomainAllowed(allowed, 'ada@corp.example')).toBe(true);
    expect(emailDomainAllowed(allowed, 'Ada@CORP.example')).toBe(true);
    expect(emailDomainAllowed(allowed, 'ada@evilcorp.example')).toBe(false);
    expect(emailDomainAllowed(allowed, 'ada@corp.example.evil.example')).toBe(false);
    expect(emailDomainAllowed(allowed, 'ada@sub.corp.example')).toBe(false);
    expect(emailDomainAllowed(allowed, 'corp.example')).toBe(false);
    expect(emailDomainAllowed(allowed, '')).toBe(false);
  });
});

describe('who is staff by the groups claim', () => {
  it('the group by name or by Keycloak full path, in a list or alone; nothing else', () => {
    expect(inStaffGroup({ groups: ['everyone', 'quire-staff'] }, 'quire-staff')).toBe(true);
    expect(inStaffGroup({ groups: ['/quire-staff'] }, 'quire-staff')).toBe(true);
    expect(inStaffGroup({ groups: ['quire-staff'] }, '/quire-staff')).toBe(true);
    expect(inStaffGroup({ groups: 'quire-staff' }, 'quire-staff')).toBe(true);
    expect(inStaffGroup({ groups: ['quire-staff-readers', '/parent/quire-staff'] }, 'quire-staff')).toBe(false);
    expect(inStaffGroup({ groups: [{ name: 'quire-staff' }] }, 'quire-staff')).toBe(false);
    expect(inStaffGroup({}, 'quire-staff')).toBe(false);
    expect(inStaffGroup({ groups: ['quire-staff'] }, undefined)).toBe(false);
  });
});

describe("the sign-in page's error parameter", () => {
  it('is a code or nothing: text from the address bar never reaches the page', () => {
    expect(ssoErrorCodeOf('state_mismatch')).toBe('state_mismatch');
    expect(ssoErrorCodeOf('SSO_DOMAIN_NOT_ALLOWED')).toBe('SSO_DOMAIN_NOT_ALLOWED');
    expect(ssoErrorCodeOf('Your account was deleted, call +1 555')).toBeNull();
    expect(ssoErrorCodeOf(['a', 'b'])).toBeNull();
    expect(ssoErrorCodeOf(undefined)).toBeNull();
  });
});
