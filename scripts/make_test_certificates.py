"""Makes a fresh test PKI for the TLS tests, in the folder given (git-ignored, never committed).

    python scripts/make_test_certificates.py DIR

Writes PEM files (trustme and cryptography, installed into .venv/ by scripts/tls-servers.sh):
    ca.pem                     the test CA the tests trust
    other-ca.pem               a CA nobody trusts
    good.pem, good.key         a leaf for 127.0.0.1 and localhost, from ca.pem
    expired.pem, expired.key   the same names, from ca.pem, expired a year ago
    wrong-host.pem/.key        a leaf for wrong.example, from ca.pem
    self-signed.pem/.key       a self-signed leaf for 127.0.0.1 and localhost
    other-ca-leaf.pem/.key     a leaf for 127.0.0.1 and localhost, from other-ca.pem
    client.pem, client.key     a client certificate from ca.pem (for mutual TLS)
    other-client.pem/.key      a client certificate from other-ca.pem
Each leaf file holds the leaf and then its CA, as a server sends its chain.
"""

import datetime
import ipaddress
import sys
from pathlib import Path

import trustme
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

NAMES = ("127.0.0.1", "localhost")


def write_leaf(directory: Path, name: str, leaf: "trustme.LeafCert") -> None:
    (directory / f"{name}.pem").write_bytes(b"".join(blob.bytes() for blob in leaf.cert_chain_pems))
    (directory / f"{name}.key").write_bytes(leaf.private_key_pem.bytes())


def self_signed(directory: Path) -> None:
    """A leaf that is its own issuer: what a development server makes for itself."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "self-signed test server")])
    now = datetime.datetime.now(datetime.timezone.utc)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=30))
        .add_extension(
            x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]
            ),
            critical=False,
        )
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .sign(key, hashes.SHA256())
    )
    (directory / "self-signed.pem").write_bytes(certificate.public_bytes(serialization.Encoding.PEM))
    (directory / "self-signed.key").write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
        )
    )


def main(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    now = datetime.datetime.now(datetime.timezone.utc)
    ca = trustme.CA(organization_name="EndpointKit test CA")
    other = trustme.CA(organization_name="EndpointKit untrusted CA")
    ca.cert_pem.write_to_path(str(directory / "ca.pem"))
    other.cert_pem.write_to_path(str(directory / "other-ca.pem"))
    write_leaf(directory, "good", ca.issue_cert(*NAMES))
    write_leaf(
        directory,
        "expired",
        ca.issue_cert(
            *NAMES,
            not_before=now - datetime.timedelta(days=730),
            not_after=now - datetime.timedelta(days=365),
        ),
    )
    write_leaf(directory, "wrong-host", ca.issue_cert("wrong.example"))
    write_leaf(directory, "other-ca-leaf", other.issue_cert(*NAMES))
    write_leaf(directory, "client", ca.issue_cert("client@endpointkit.test", common_name="test client"))
    write_leaf(directory, "other-client", other.issue_cert("client@endpointkit.test", common_name="stranger"))
    self_signed(directory)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(Path(sys.argv[1]))
