"""Online tables: a server that hosts tables for the four games (`net.server`),
the console client (`net.client`) and SSH (`net.ssh`). See docs/en-linea.md."""
