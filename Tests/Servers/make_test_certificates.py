#!/usr/bin/env python3
# Makes a fresh test PKI (CAs, server and client certificates) for EndpointKit's TLS tests.
# Run by Tests/Servers/tls-servers.sh with the .venv/ Python, which has trustme and cryptography;
# writes PEM files (and two PKCS#12 client identities) into a git-ignored folder, never committed.
# Every run makes new keys: nothing secret is ever kept, and no certificate outlives 30 days.
# Its files are served by Tests/Servers/tls_server.py and read by the Swift tests through TLS_PKI_DIR.
"""Makes a fresh test PKI for the TLS tests, in the folder given (git-ignored, never committed).

    python Tests/Servers/make_test_certificates.py DIR

Writes (trustme and cryptography, installed into .venv/ by Tests/Servers/tls-servers.sh):
    ca.pem                       the test CA the tests trust
    other-ca.pem                 a CA nobody trusts
    good.pem, good.key           a leaf for 127.0.0.1 and localhost, from ca.pem
    expired.pem, expired.key     the same names, from ca.pem, expired a year ago
    wrong-host.pem/.key          a leaf for wrong.example only, from ca.pem
    self-signed.pem/.key         a self-signed leaf for 127.0.0.1 and localhost
    other-ca-leaf.pem/.key       a leaf for 127.0.0.1 and localhost, from other-ca.pem
    client.pem, client.key       a client certificate (CN "test client") from ca.pem
    other-client.pem/.key        a client certificate (CN "stranger") from other-ca.pem
    client.p12, other-client.p12 the same client identities as PKCS#12, password "endpointkit"
                                 (3DES and SHA-1, which every platform's importer reads)
Each .pem of a leaf holds just the leaf (the CAs are roots: a server does not send them); each
.key is an unencrypted PKCS#8 P-256 key. Every leaf carries serverAuth and clientAuth extended
key usages and is valid from a day ago for 30 days (but for expired.pem).
"""

import datetime
import ipaddress
import sys
from pathlib import Path

import trustme
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import pkcs12
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

NAMES = ("127.0.0.1", "localhost")
P12_PASSWORD = b"endpointkit"
NOW = datetime.datetime.now(datetime.timezone.utc)
# Short-lived leaves: Apple's platforms refuse TLS server certificates valid for over 825 days.
VALID = {"not_before": NOW - datetime.timedelta(days=1), "not_after": NOW + datetime.timedelta(days=30)}


def pkcs8(key) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def write_leaf(directory: Path, name: str, leaf: "trustme.LeafCert") -> x509.Certificate:
    (directory / f"{name}.pem").write_bytes(b"".join(blob.bytes() for blob in leaf.cert_chain_pems))
    key = serialization.load_pem_private_key(leaf.private_key_pem.bytes(), password=None)
    (directory / f"{name}.key").write_bytes(pkcs8(key))
    return x509.load_pem_x509_certificate(leaf.cert_chain_pems[0].bytes())


def write_client(directory: Path, name: str, leaf: "trustme.LeafCert", ca: "trustme.CA") -> None:
    """A client identity: PEM files, a PKCS#12 file, and a check that it may authenticate a client."""
    certificate = write_leaf(directory, name, leaf)
    usages = certificate.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    if ExtendedKeyUsageOID.CLIENT_AUTH not in usages:
        sys.exit(f"error: trustme made {name}.pem without the clientAuth extended key usage")
    key = serialization.load_pem_private_key((directory / f"{name}.key").read_bytes(), password=None)
    issuer = x509.load_pem_x509_certificate(ca.cert_pem.bytes())
    encryption = (
        serialization.PrivateFormat.PKCS12.encryption_builder()
        .kdf_rounds(2048)
        .key_cert_algorithm(pkcs12.PBES.PBESv1SHA1And3KeyTripleDESCBC)
        .hmac_hash(hashes.SHA1())
        .build(P12_PASSWORD)
    )
    bundle = pkcs12.serialize_key_and_certificates(name.encode(), key, certificate, [issuer], encryption)
    (directory / f"{name}.p12").write_bytes(bundle)


def self_signed(directory: Path) -> None:
    """A leaf that is its own issuer: what a development server makes for itself."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "self-signed test server")])
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(VALID["not_before"])
        .not_valid_after(VALID["not_after"])
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(
            x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH, ExtendedKeyUsageOID.CLIENT_AUTH]),
            critical=False,
        )
        .sign(key, hashes.SHA256())
    )
    (directory / "self-signed.pem").write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    (directory / "self-signed.key").write_bytes(pkcs8(key))


def main(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    ca = trustme.CA(organization_name="EndpointKit test CA")
    other = trustme.CA(organization_name="EndpointKit untrusted CA")
    ca.cert_pem.write_to_path(str(directory / "ca.pem"))
    other.cert_pem.write_to_path(str(directory / "other-ca.pem"))
    write_leaf(directory, "good", ca.issue_cert(*NAMES, **VALID))
    expired = {"not_before": NOW - datetime.timedelta(days=730), "not_after": NOW - datetime.timedelta(days=365)}
    write_leaf(directory, "expired", ca.issue_cert(*NAMES, **expired))
    write_leaf(directory, "wrong-host", ca.issue_cert("wrong.example", **VALID))
    write_leaf(directory, "other-ca-leaf", other.issue_cert(*NAMES, **VALID))
    client = "client@endpointkit.test"
    write_client(directory, "client", ca.issue_cert(client, common_name="test client", **VALID), ca)
    write_client(directory, "other-client", other.issue_cert(client, common_name="stranger", **VALID), other)
    self_signed(directory)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
