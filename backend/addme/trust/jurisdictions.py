"""The places that require age verification for adult sites, and the rule that reads them.

SEED is what the migration writes on a new install (sources in docs/decisions.md, "Trust"); after
that the list belongs to the admins (/admin/ondato), who follow new laws and court rulings.
"""

from __future__ import annotations

from datetime import date

# (country, region or "", effective date, the law)
SEED: tuple[tuple[str, str, date, str], ...] = (
    ("GB", "", date(2025, 7, 25), "Online Safety Act 2023, Part 5 (Ofcom highly effective age assurance)"),
    ("FR", "", date(2025, 1, 11), "Loi SREN n° 2024-449, art. 1; Arcom référentiel of 9 October 2024"),
    ("IT", "", date(2025, 11, 12), "Decreto Caivano (DL 123/2023) art. 13-bis; AGCOM delibera 96/25/CONS"),
    ("DE", "", date(2003, 4, 1), "Jugendmedienschutz-Staatsvertrag (JMStV) § 4 (2): closed user groups"),
    ("IE", "", date(2025, 7, 21), "Online Safety Code (Coimisiún na Meán), Part B"),
    ("AU", "", date(2026, 3, 9), "Online Safety Act 2021; Age-Restricted Material Codes (Phase 2)"),
    ("US", "LA", date(2023, 1, 1), "Louisiana Act 440 (HB 142)"),
    ("US", "UT", date(2023, 5, 3), "Utah SB 287"),
    ("US", "MS", date(2023, 7, 1), "Mississippi SB 2346"),
    ("US", "VA", date(2023, 7, 1), "Virginia SB 1515"),
    ("US", "AR", date(2023, 8, 1), "Arkansas Act 612 (SB 66)"),
    ("US", "TX", date(2023, 9, 1), "Texas HB 1181 (upheld, Free Speech Coalition v. Paxton, 2025)"),
    ("US", "MT", date(2024, 1, 1), "Montana SB 544"),
    ("US", "NC", date(2024, 1, 1), "North Carolina HB 8 (PAVE Act)"),
    ("US", "SC", date(2024, 1, 1), "South Carolina HB 3424"),
    ("US", "ID", date(2024, 7, 1), "Idaho HB 498"),
    ("US", "IN", date(2024, 7, 1), "Indiana SEA 17"),
    ("US", "KS", date(2024, 7, 1), "Kansas SB 394"),
    ("US", "KY", date(2024, 7, 15), "Kentucky HB 278"),
    ("US", "NE", date(2024, 7, 19), "Nebraska LB 1092 (Online Age Verification Liability Act)"),
    ("US", "AL", date(2024, 10, 1), "Alabama HB 164"),
    ("US", "OK", date(2024, 11, 1), "Oklahoma SB 1959"),
    ("US", "FL", date(2025, 1, 1), "Florida HB 3"),
    ("US", "TN", date(2025, 1, 1), "Tennessee Protecting Children from Social Media Act (SB 1792)"),
    ("US", "GA", date(2025, 7, 1), "Georgia SB 351"),
    ("US", "SD", date(2025, 7, 1), "South Dakota HB 1053"),
    ("US", "WY", date(2025, 7, 1), "Wyoming HB 43"),
    ("US", "ND", date(2025, 8, 1), "North Dakota HB 1561"),
    ("US", "AZ", date(2025, 9, 26), "Arizona HB 2112"),
    ("US", "OH", date(2025, 9, 30), "Ohio HB 96 (budget act, age verification for obscene material)"),
    ("US", "MO", date(2025, 11, 30), "Missouri rule 15 CSR 60-17 (Attorney General)"),
)


def is_required(
    rows: list[tuple[str, str, date]], *, country: str | None, region: str | None, today: date
) -> bool:
    """Whether a visitor from (country, region) must verify, given the (country, region, effective) rows.

    A whole-country row in force covers every region. A country with only region rows is regional:
    its listed regions are covered, the others are not, and an unknown region counts as covered.
    An unknown country is not covered: nothing ties the visitor to any law's reach.
    """
    if not country:
        return False
    mine = [(r, eff) for c, r, eff in rows if c == country and eff <= today]
    if not mine:
        return False
    if any(r == "" for r, _ in mine):
        return True
    if not region:
        return True
    return any(r == region for r, _ in mine)
