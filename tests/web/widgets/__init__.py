"""The tests of the table widgets, one module per widget module of tablero.web.widgets (a
package: its module names are web.widgets.<name>)."""
