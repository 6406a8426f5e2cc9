/** Formal German texts of e-invoices (issue 15: XRechnung, ZUGFeRD); the spec has none, these are ours. */
export const einvoice = {
  'einvoice.downloadXrechnung': 'E-Rechnung (XRechnung)',
  'einvoice.downloadZugferd': 'PDF mit ZUGFeRD',
  'einvoice.notFrozen': 'Für diesen Datensatz gibt es noch keine E-Rechnung. Sie wird beim Festschreiben erstellt.',
  'einvoice.noMapping': 'Für diesen Datentyp ist keine E-Rechnung eingerichtet.',
  'einvoice.problemsTitle': 'E-Rechnung unvollständig',
  'einvoice.incomplete':
    'Für diese Rechnung kann keine E-Rechnung (XRechnung, ZUGFeRD) erstellt werden; sie wird nur als PDF festgeschrieben. Es fehlen:',
  'einvoice.frozenIncomplete':
    'Diese Rechnung wurde ohne E-Rechnung festgeschrieben, weil Angaben fehlten: {list}. Korrigieren Sie sie über eine Stornierung und eine neue Rechnung.',
  'einvoice.generateFailed': 'Die E-Rechnung konnte nicht erstellt werden: {reason}',
  // Missing business terms: which term, and where to fill it
  'einvoice.missing.sellerName': 'BT-27 Name des Verkäufers – Firmenname in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerCity': 'BT-37 Ort des Verkäufers – Rechnungsadresse in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerZip': 'BT-38 PLZ des Verkäufers – Rechnungsadresse in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerCountry':
    'BT-40 Land des Verkäufers (z. B. „Deutschland“ oder „DE“) – Rechnungsadresse in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerPhone': 'BT-42 Telefon des Verkäufers – Telefon in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerEmail': 'BT-43/BT-34 E-Mail-Adresse des Verkäufers – E-Mail in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerTaxId':
    'BT-31/BT-32 USt-IdNr. oder Steuernummer des Verkäufers – Steuerangaben in den Allgemeinen Einstellungen',
  'einvoice.missing.sellerVatId':
    'BT-31 USt-IdNr. des Verkäufers (nötig bei {case}) – Steuerangaben in den Allgemeinen Einstellungen',
  'einvoice.missing.iban': 'BT-84 IBAN – Bankverbindung in den Allgemeinen Einstellungen',
  'einvoice.missing.buyer': 'BT-44 Käufer – Feld „{field}“ der Rechnung',
  'einvoice.missing.buyerName': 'BT-44 Name des Käufers – Feld „Name / Firma“ des Kunden',
  'einvoice.missing.buyerCity': 'BT-52 Ort des Käufers – Feld „Ort“ des Kunden',
  'einvoice.missing.buyerZip': 'BT-53 PLZ des Käufers – Feld „PLZ“ des Kunden',
  'einvoice.missing.buyerCountry': 'BT-55 Land des Käufers (z. B. „Deutschland“ oder „DE“) – Feld „Land“ des Kunden',
  'einvoice.missing.buyerEmail': 'BT-49 Elektronische Adresse des Käufers – Feld „E-Mail“ des Kunden',
  'einvoice.missing.buyerVatId': 'BT-48 USt-IdNr. des Käufers (nötig bei {case}) – Feld „USt-IdNr.“ des Kunden',
  'einvoice.missing.buyerReference':
    'BT-10 Käuferreferenz / Leitweg-ID – Feld „{field}“ der Rechnung oder Kundennummer des Kunden',
  'einvoice.missing.positions': 'BG-25 Rechnungsposition – mindestens eine Position mit Preis',
  'einvoice.missing.lineTitle': 'BT-153 Bezeichnung – Position {line}',
  'einvoice.missing.lineQuantity': 'BT-129 Menge – Position {line}',
  'einvoice.missing.linePrice': 'BT-146 Einzelpreis – Position {line}',
  'einvoice.missing.lineUnit': 'BT-130 Einheit „{unit}“ ohne UN/ECE-Code – Position {line} (Zuordnung der Einheiten)',
  'einvoice.missing.lineOneTax': 'BT-151 genau ein Umsatzsteuersatz je Position – Position {line}',
  'einvoice.missing.lineZeroTax': 'BT-152 Steuersatz 0 % bei {case} – Position {line}',
  'einvoice.missing.vatCase': 'Steuerfall „{value}“ ist in der E-Rechnungs-Zuordnung nicht eingerichtet',
  // The mapping tab of the data-structure editor
  'einvoice.tab': 'E-Rechnung',
  'einvoice.tabIntro':
    'So wird aus einem Datensatz dieses Typs beim Festschreiben eine E-Rechnung (XRechnung und ZUGFeRD). Die Angaben des Verkäufers kommen aus den Allgemeinen Einstellungen.',
  'einvoice.tabNone': 'Für diesen Datentyp ist keine E-Rechnung eingerichtet.',
  'einvoice.buyerField': 'Käufer (Feld)',
  'einvoice.buyerReferenceField': 'Käuferreferenz / Leitweg-ID (Feld)',
  'einvoice.dueDateField': 'Fälligkeitsdatum (Feld)',
  'einvoice.vatCaseField': 'Steuerfall (Feld)',
  'einvoice.cases': 'Steuerfälle',
  'einvoice.caseValue': 'Wert',
  'einvoice.caseCategory': 'Kategorie',
  'einvoice.caseReason': 'Befreiungsgrund',
  'einvoice.units': 'Einheiten (UN/ECE Rec 20)',
  'einvoice.unitValue': 'Einheit',
  'einvoice.unitCode': 'Code',
  'einvoice.save': 'Zuordnung speichern',
  'einvoice.saved': 'Die E-Rechnungs-Zuordnung wurde gespeichert.',
  'einvoice.saveFailed': 'Die Zuordnung konnte nicht gespeichert werden.',
  'einvoice.unknownField': 'Das Feld „{field}“ gibt es in diesem Datentyp nicht.',
  'einvoice.importButton': 'E-Rechnung einlesen',
  'einvoice.importHint': 'XRechnung (XML) oder ZUGFeRD-PDF wählen; daraus wird ein Entwurf.',
  'einvoice.importUploading': 'Die Datei wird hochgeladen und gelesen …',
  'einvoice.importDone': 'Die E-Rechnung wurde als Entwurf eingelesen.',
  'einvoice.importDoneFindings':
    'Die E-Rechnung wurde als Entwurf eingelesen. Sie verletzt {count} Regel(n); siehe „Prüfergebnis der E-Rechnung“.',
  'einvoice.importFailed': 'Die E-Rechnung konnte nicht eingelesen werden.',
  'einvoice.importWrongType': 'In diesen Datentyp können keine E-Rechnungen eingelesen werden.',
  'einvoice.importFileNotFound': 'Die Datei wurde nicht gefunden.',
  'einvoice.importTooLarge': 'Die Datei ist zu groß für eine E-Rechnung (höchstens {max}).',
  'einvoice.importTooComplex':
    'Die E-Rechnung ist zu groß oder zu tief verschachtelt, um sie einzulesen (entpackt höchstens {max}, höchstens {elements} XML-Elemente in {depth} Ebenen).',
  'einvoice.importBusy':
    'Gerade werden zu viele E-Rechnungen eingelesen. Bitte versuchen Sie es in einigen Sekunden erneut.',
  'einvoice.importNotXml': 'Die Datei ist weder eine XML-Datei noch ein PDF mit E-Rechnung.',
  'einvoice.importDoctype':
    'Die XML-Datei enthält eine DTD oder Entitäten (DOCTYPE/ENTITY). E-Rechnungen dürfen keine enthalten.',
  'einvoice.importNotEinvoice': 'Die XML-Datei ist keine E-Rechnung (weder UBL-Rechnung noch CII).',
  'einvoice.importNoAttachment':
    'Das PDF enthält keine eingebettete E-Rechnung (factur-x.xml). Bitte die XRechnung oder ein ZUGFeRD-PDF hochladen.',
  'einvoice.importBadPdf': 'Die PDF-Datei kann nicht gelesen werden.',
  'einvoice.importNoSupplierType':
    'Es gibt keinen Datentyp für Kunden/Adressen, in dem der Lieferant angelegt werden kann.',
  'einvoice.importNoFindings': 'Keine Regelverletzung gefunden.',
  'einvoice.finding.missing': '{rule}: Pflichtangabe {term} fehlt',
  'einvoice.finding.sum': '{rule}: Summe {term} stimmt nicht',
  'einvoice.finding.value': '{rule}: unzulässiger Wert in {term}',
  'einvoice.finding.totals':
    'Die neu berechneten Summen (brutto {computed}) weichen von der E-Rechnung (brutto {stated}) ab',
  'einvoice.finding.lumpLine':
    'Position {line}: Menge oder Einzelpreis mit zu vielen Nachkommastellen; als Pauschale (Menge 1) übernommen',
  'einvoice.finding.missingNumber': '(ohne Nummer)',
  'einvoice.noFieldChosen': 'Kein Feld',
  'einvoice.unitCodeHint': 'UN/ECE-Code mit 2 oder 3 Zeichen, z. B. H87 (Stück), HUR (Stunde), C62 (Einheit)',
  'einvoice.caseCodeLabel': 'VATEX-Code',
} as const;
