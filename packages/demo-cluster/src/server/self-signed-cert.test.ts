import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { selfSignedCert } from "./self-signed-cert";

describe("selfSignedCert", () => {
  it("is a valid X.509 certificate for loopback, signed by its own key", () => {
    const { certPem, keyPem } = selfSignedCert("127.0.0.1");
    const cert = new X509Certificate(certPem);
    expect(cert.subject).toContain("CN=kubemedic-demo-cluster");
    expect(cert.subjectAltName).toContain("IP Address:127.0.0.1");
    expect(cert.subjectAltName).toContain("DNS:localhost");
    expect(cert.ca).toBe(true);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.checkPrivateKey(createPrivateKey(keyPem))).toBe(true);
    expect(createPublicKey(certPem).asymmetricKeyType).toBe("ec");
    expect(Date.parse(cert.validTo)).toBeGreaterThan(Date.now() + 300 * 86_400_000);
  });

  it("always has a canonical positive serial, so every start's certificate parses", () => {
    // A random serial whose first byte is 0x00 is non-minimal DER; about 1 start in 256 failed.
    for (let i = 0; i < 600; i++) {
      const serial = new X509Certificate(selfSignedCert("127.0.0.1").certPem).serialNumber;
      expect(serial).toMatch(/^[4-7][0-9A-F]{31}$/);
    }
  });

  it("names a non-loopback host too", () => {
    expect(new X509Certificate(selfSignedCert("demo.internal").certPem).subjectAltName).toContain(
      "DNS:demo.internal",
    );
  });
});
