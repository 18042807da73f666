"""Printing: the sheet's view model, the chart, and the PDF (the only WeasyPrint importer)."""
